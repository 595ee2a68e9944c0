import { canUseRowEditAndDuplicate, type Action, type AppAbility, type RoleName, type SubjectName } from '@hatid/domain';

/**
 * The row action menu's rules (product.md §2), as one pure function the menu and its tests share:
 * - with an update handler: View, Edit, Delete;
 * - with view and duplicate handlers: View, Edit, Duplicate, Cancel;
 * - otherwise: Edit, Delete;
 * - no Delete for promo codes;
 * - payments are voided, never deleted: their delete slot reads "Void" and needs `update` (VOIDED_SUBJECTS);
 * - Edit and Duplicate disabled for anyone with the ssp role;
 * - an item appears only if the ability allows its action on the subject.
 */
export type RowActionKey = 'view' | 'edit' | 'duplicate' | 'cancel' | 'delete';

type Handler = () => void;

/** Which handlers a screen passes decides the menu (the spec's three shapes). */
export interface RowActionHandlers {
  onView?: Handler | undefined;
  onUpdate?: Handler | undefined;
  onEdit?: Handler | undefined;
  onDuplicate?: Handler | undefined;
  onCancel?: Handler | undefined;
  onDelete?: Handler | undefined;
}

export const ROW_ACTION_LABELS: Record<RowActionKey, string> = {
  view: 'View',
  edit: 'Edit',
  duplicate: 'Duplicate',
  cancel: 'Cancel',
  delete: 'Delete',
};

/** The action each item needs on the subject: duplicating books a new one; cancelling changes this one. */
export const ROW_ACTION_ABILITY: Record<RowActionKey, Action> = {
  view: 'view',
  edit: 'update',
  duplicate: 'create',
  cancel: 'update',
  delete: 'delete',
};

/**
 * Records kept for good and voided instead (the row stays, with a reason, and stops counting): the menu's
 * delete slot says "Void" and needs the ability to change the record, not to delete it.
 */
export const VOIDED_SUBJECTS: readonly SubjectName[] = ['Transaction'];
export const VOID_LABEL = 'Void';

export interface RowActionItem {
  key: RowActionKey;
  label: string;
  disabled: boolean;
  run: Handler | undefined;
}

export function rowActionItems(
  handlers: RowActionHandlers,
  context: { subject: SubjectName; ability: AppAbility; roles: readonly RoleName[] },
): RowActionItem[] {
  let keys: RowActionKey[];
  if (handlers.onUpdate) keys = ['view', 'edit', 'delete'];
  else if (handlers.onView && handlers.onDuplicate) keys = ['view', 'edit', 'duplicate', 'cancel'];
  else keys = ['edit', 'delete'];

  if (context.subject === 'PromoCode') keys = keys.filter((key) => key !== 'delete');
  const editAllowed = canUseRowEditAndDuplicate(context.roles);
  const voids = VOIDED_SUBJECTS.includes(context.subject);
  const abilityOf = (key: RowActionKey): Action => (key === 'delete' && voids ? 'update' : ROW_ACTION_ABILITY[key]);
  const run: Record<RowActionKey, Handler | undefined> = {
    view: handlers.onView,
    edit: handlers.onUpdate ?? handlers.onEdit,
    duplicate: handlers.onDuplicate,
    cancel: handlers.onCancel,
    delete: handlers.onDelete,
  };

  return keys
    .filter((key) => context.ability.can(abilityOf(key), context.subject))
    .map((key) => ({
      key,
      label: key === 'delete' && voids ? VOID_LABEL : ROW_ACTION_LABELS[key],
      disabled: ((key === 'edit' || key === 'duplicate') && !editAllowed) || !run[key],
      run: run[key],
    }));
}
