import { BILLING_MOVES, canUseRowEditAndDuplicate, type AppAbility, type BillingDto, type CollectionStatus, type RoleName } from '@hatid/domain';
import { msg, plural, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { ROW_ACTION_ABILITY } from '../../../components/data-table/row-actions';

/**
 * A billing's row menu. It keeps the spec's "with an update handler" shape (View, Edit, Delete; row-actions.ts)
 * and adds what a billing does besides: its preview and files (for whoever reads billings), recording a
 * payment, and the moves BILLING_MOVES allows (completed and cancelled are final), each under the ability
 * row-actions.ts gives the closest item (a move or a payment changes the record: `update`, as Cancel does
 * there). Reading is `view` or `admin_view` (ssp and business admins hold the admin view only). Edit is
 * shown but disabled for ssp, as everywhere. The server checks all of it again.
 */
export type BillingMove = Exclude<CollectionStatus, 'pending'>;
export type BillingMenuKey = 'view' | 'preview' | 'files' | 'record' | 'edit' | BillingMove | 'delete';

export interface BillingMenuItem {
  key: BillingMenuKey;
  label: string;
  destructive: boolean;
  disabled: boolean;
}

/** What each move reads as in the menu, in the bulk bar and in messages. */
const MOVE_NAMES: Record<BillingMove, MessageDescriptor> = {
  on_going: msg`Mark on going`,
  completed: msg`Mark completed`,
  cancelled: msg`Cancel`,
};
export const moveLabel = (move: BillingMove) => i18n._(MOVE_NAMES[move]);

/** The moves a billing may still make (none once completed or cancelled). */
export const movesOf = (status: CollectionStatus): BillingMove[] => BILLING_MOVES[status].filter((next): next is BillingMove => next !== 'pending');

/** Every move any billing can make, in the bulk bar's order. */
export const BULK_MOVES: readonly BillingMove[] = ['on_going', 'completed', 'cancelled'];

export const canReadBillings = (ability: AppAbility) => ability.can('view', 'Billing') || ability.can('admin_view', 'Billing');
export const canChangeBillings = (ability: AppAbility) => ability.can(ROW_ACTION_ABILITY.edit, 'Billing');

/** A payment can still be recorded: not cancelled and something left to pay. */
export const mayRecordPayment = (billing: Pick<BillingDto, 'status' | 'balanceInCents'>) => billing.status !== 'cancelled' && billing.balanceInCents > 0;

export function billingMenuItems(billing: Pick<BillingDto, 'status' | 'balanceInCents'>, ability: AppAbility, roles: readonly RoleName[]): BillingMenuItem[] {
  const items: BillingMenuItem[] = [];
  const add = (key: BillingMenuKey, label: string, extra: Partial<BillingMenuItem> = {}) =>
    items.push({ key, label, destructive: false, disabled: false, ...extra });
  if (canReadBillings(ability)) {
    add('view', t`View`);
    add('preview', t`Preview`);
    add('files', t`Files`);
  }
  if (canChangeBillings(ability)) {
    if (mayRecordPayment(billing)) add('record', t`Record payment`);
    add('edit', t`Edit`, { disabled: !canUseRowEditAndDuplicate(roles) });
    for (const next of movesOf(billing.status)) add(next, moveLabel(next), { destructive: next === 'cancelled' });
  }
  if (ability.can(ROW_ACTION_ABILITY.delete, 'Billing')) add('delete', t`Delete`, { destructive: true });
  return items;
}

/** "2 billings completed": how many billings made a move. */
export const billingsMoved = (n: number, status: BillingMove) =>
  status === 'on_going'
    ? t`${plural(n, { one: '# billing on going', other: '# billings on going' })}`
    : status === 'completed'
      ? t`${plural(n, { one: '# billing completed', other: '# billings completed' })}`
      : t`${plural(n, { one: '# billing cancelled', other: '# billings cancelled' })}`;

export const billingCount = (n: number) => t`${plural(n, { one: '# billing', other: '# billings' })}`;
export const shipmentCount = (n: number) => t`${plural(n, { one: '# shipment', other: '# shipments' })}`;
