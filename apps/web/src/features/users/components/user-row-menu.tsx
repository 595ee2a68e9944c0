import type { AdminUserDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { rowActionItems } from '../../../components/data-table/row-actions';
import { useAccess } from '../../../lib/ability';
import { ActionMenu } from '../../../components/data-table/action-menu';
import { ROW_ACTION_ICONS } from '../../../components/data-table/row-action-menu';
import type { UserCommand } from '../api/users';
import { userCommandItems } from '../lib/user-commands';
import { ROW_ITEM_NAMES } from '../lib/user-labels';

/**
 * A user's "⋯" menu: the spec's items for an update handler (View, Edit; Delete never, since users are
 * deactivated rather than deleted, and Edit disabled for ssp), then activate/deactivate, the employee
 * flag and the super admin transfer where allowed.
 */
export function UserRowMenu({
  user,
  selfId,
  onView,
  onUpdate,
  onCommand,
}: {
  user: AdminUserDto;
  selfId: string | undefined;
  onView: () => void;
  onUpdate: () => void;
  onCommand: (command: UserCommand) => void;
}) {
  const { i18n } = useLingui();
  const { ability, roles } = useAccess();
  const items = rowActionItems({ onView, onUpdate }, { subject: 'User', ability, roles });
  const commands = userCommandItems(user, { ability, selfId });
  return (
    <ActionMenu
      label={user.name}
      items={[
        ...items.map((item) => ({
          key: item.key,
          label: item.key === 'view' || item.key === 'edit' ? i18n._(ROW_ITEM_NAMES[item.key]) : item.label,
          icon: ROW_ACTION_ICONS[item.key],
          disabled: item.disabled,
          onSelect: () => item.run?.(),
        })),
        ...commands.map((item, index) => ({
          key: item.command,
          label: item.label,
          destructive: item.destructive,
          separatorBefore: index === 0 && items.length > 0,
          onSelect: () => onCommand(item.command),
        })),
      ]}
    />
  );
}
