import { t } from '@lingui/core/macro';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '../../lib/utils';

export interface ActionMenuItem {
  key: string;
  label: string;
  icon?: LucideIcon;
  disabled?: boolean;
  /** Red: it cancels, voids, revokes or deletes. */
  destructive?: boolean;
  /** A line above it: reading items first, then those that change the row. */
  separatorBefore?: boolean;
  onSelect: () => void;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/**
 * The "⋯" menu at the end of a row, as every console list draws it. Which items it holds is each screen's
 * rule (row-actions.ts, or a screen's own actions file); with none, there is no menu at all.
 */
export function ActionMenu({ label, items }: { /** Names the row: "Actions for <label>". */ label: string; items: readonly ActionMenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={t`Actions for ${label}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[11rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <Fragment key={item.key}>
                {item.separatorBefore ? <Menu.Separator className="my-1 h-px bg-slate-100" /> : null}
                <Menu.Item disabled={item.disabled} onSelect={item.onSelect} className={cn(itemClass, item.destructive && 'text-red-700')}>
                  {Icon ? <Icon className="h-4 w-4" aria-hidden="true" /> : null}
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
