import type { ApiKeyDto } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { Ban, Eye, Pencil, type LucideIcon } from 'lucide-react';
import { ActionMenu } from '../../../components/data-table/action-menu';
import { useAccess } from '../../../lib/ability';
import { apiKeyMenuItems, type ApiKeyMenuKey } from '../lib/api-key-actions';

const ICONS: Record<ApiKeyMenuKey, LucideIcon> = { view: Eye, edit: Pencil, revoke: Ban };

/** What a key is called in labels and messages: 'API key "Warehouse system"'. */
export const apiKeyName = (k: Pick<ApiKeyDto, 'name'>) => {
  const name = k.name;
  return t`API key "${name}"`;
};

/** A key's "⋯" menu: View, then Edit and Revoke (api-key-actions.ts). */
export function ApiKeyRowMenu({ apiKey, onSelect }: { apiKey: ApiKeyDto; onSelect: (key: ApiKeyMenuKey) => void }) {
  const { ability, roles } = useAccess();
  const items = apiKeyMenuItems(apiKey, ability, roles);
  return (
    <ActionMenu
      label={apiKeyName(apiKey)}
      items={items.map((item, index) => ({
        key: item.key,
        label: item.label,
        icon: ICONS[item.key],
        disabled: item.disabled,
        destructive: item.destructive,
        separatorBefore: index > 0 && items[index - 1]!.key === 'view',
        onSelect: () => onSelect(item.key),
      }))}
    />
  );
}
