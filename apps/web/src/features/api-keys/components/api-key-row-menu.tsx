import type { ApiKeyDto } from '@hatid/domain';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ban, Eye, MoreHorizontal, Pencil, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { useAccess } from '../../../lib/ability';
import { cn } from '../../../lib/utils';
import { apiKeyMenuItems, type ApiKeyMenuKey } from '../lib/api-key-actions';

const ICONS: Record<ApiKeyMenuKey, LucideIcon> = { view: Eye, edit: Pencil, revoke: Ban };

/** What a key is called in labels and messages: 'API key "Warehouse system"'. */
export const apiKeyName = (k: Pick<ApiKeyDto, 'name'>) => `API key "${k.name}"`;

/** A key's "⋯" menu: View, then Edit and Revoke (api-key-actions.ts). */
export function ApiKeyRowMenu({ apiKey, onSelect }: { apiKey: ApiKeyDto; onSelect: (key: ApiKeyMenuKey) => void }) {
  const { ability, roles } = useAccess();
  const items = apiKeyMenuItems(apiKey, ability, roles);
  if (items.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={`Actions for ${apiKeyName(apiKey)}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[10rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item, index) => {
            const Icon = ICONS[item.key];
            return (
              <Fragment key={item.key}>
                {index > 0 && items[index - 1]!.key === 'view' ? <Menu.Separator className="my-1 h-px bg-slate-100" /> : null}
                <Menu.Item
                  disabled={item.disabled}
                  onSelect={() => onSelect(item.key)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100',
                    item.destructive && 'text-red-700',
                  )}
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {item.label}
                </Menu.Item>
              </Fragment>
            );
          })}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
