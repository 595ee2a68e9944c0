import type { CollectionDto } from '@hatid/domain';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ban, CircleCheck, Eye, MoreHorizontal, Truck, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { useAccess } from '../../../lib/ability';
import { formatMoney } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { collectionMenuItems, type CollectionMenuKey } from '../lib/collection-actions';

const ICONS: Record<CollectionMenuKey, LucideIcon> = { view: Eye, on_going: Truck, completed: CircleCheck, cancelled: Ban };

/** What a collection is called in labels and messages: "the ₱1,250.00 hand-over by Ramon Aquino". */
export const collectionName = (c: Pick<CollectionDto, 'amountInCents' | 'collectedFromName'>) => `the ${formatMoney(c.amountInCents)} hand-over by ${c.collectedFromName}`;

/** A collection's "⋯" menu: View, then the moves it may still make (collection-actions.ts). */
export function CollectionRowMenu({ collection, onSelect }: { collection: CollectionDto; onSelect: (key: CollectionMenuKey) => void }) {
  const { ability } = useAccess();
  const items = collectionMenuItems(collection, ability);
  if (items.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={`Actions for ${collectionName(collection)}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[11rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item, index) => {
            const Icon = ICONS[item.key];
            return (
              <Fragment key={item.key}>
                {index > 0 && items[index - 1]!.key === 'view' ? <Menu.Separator className="my-1 h-px bg-slate-100" /> : null}
                <Menu.Item
                  onSelect={() => onSelect(item.key)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100',
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
