import { COLLECTION_MOVES, type AppAbility, type CollectionDto, type CollectionStatus } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { ROW_ACTION_ABILITY } from '../../../components/data-table/row-actions';

/**
 * A collection's row menu. The spec's three menu shapes (row-actions.ts) are for records that are edited,
 * deleted or duplicated; a hand-over is none of these: it is looked at and moved along COLLECTION_MOVES
 * (completed and cancelled are final). So its menu is the spec's View, then each move the collection may
 * still make, each item under the ability row-actions.ts gives it (View: `view`; a move changes the record:
 * `update`, as Cancel does there). The server checks both again.
 */
export type CollectionMenuKey = 'view' | Exclude<CollectionStatus, 'pending'>;

export interface CollectionMenuItem {
  key: CollectionMenuKey;
  label: string;
  destructive: boolean;
}

/** What each move reads as in the menu and in its messages. */
const MOVE_NAMES: Record<Exclude<CollectionStatus, 'pending'>, MessageDescriptor> = {
  on_going: msg`Mark on going`,
  completed: msg`Mark completed`,
  cancelled: msg`Cancel`,
};
export const moveLabel = (move: Exclude<CollectionStatus, 'pending'>) => i18n._(MOVE_NAMES[move]);

/** The moves a collection may still make (none once completed or cancelled). */
export const movesOf = (status: CollectionStatus): Exclude<CollectionStatus, 'pending'>[] =>
  COLLECTION_MOVES[status].filter((next): next is Exclude<CollectionStatus, 'pending'> => next !== 'pending');

export function collectionMenuItems(collection: Pick<CollectionDto, 'status'>, ability: AppAbility): CollectionMenuItem[] {
  const items: CollectionMenuItem[] = [];
  if (ability.can(ROW_ACTION_ABILITY.view, 'Collection')) items.push({ key: 'view', label: t`View`, destructive: false });
  if (ability.can(ROW_ACTION_ABILITY.cancel, 'Collection')) {
    for (const next of movesOf(collection.status)) items.push({ key: next, label: moveLabel(next), destructive: next === 'cancelled' });
  }
  return items;
}

/** The sum of the ticked shipments' cash. */
export function tickedTotal(shipments: readonly { trackingNumber: string; amountInCents: number }[], ticked: ReadonlySet<string>): number {
  return shipments.reduce((sum, s) => (ticked.has(s.trackingNumber) ? sum + s.amountInCents : sum), 0);
}

export const shipmentCount = (n: number) => t`${plural(n, { one: '# shipment', other: '# shipments' })}`;
export const collectionCount = (n: number) => t`${plural(n, { one: '# collection', other: '# collections' })}`;
