import type { BillingDto } from '@hatid/domain';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ban, CircleCheck, Eye, FileText, MoreHorizontal, Paperclip, Pencil, Trash2, Truck, Wallet, type LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { useAccess } from '../../../lib/ability';
import { cn } from '../../../lib/utils';
import { billingMenuItems, type BillingMenuKey } from '../lib/billing-actions';
import { periodText } from './billing-columns';

const ICONS: Record<BillingMenuKey, LucideIcon> = {
  view: Eye,
  preview: FileText,
  files: Paperclip,
  record: Wallet,
  edit: Pencil,
  on_going: Truck,
  completed: CircleCheck,
  cancelled: Ban,
  delete: Trash2,
};

/** What a billing is called in labels and messages: "Dela Cruz Trading, November 01, 2026 – November 30, 2026". */
export const billingName = (b: Pick<BillingDto, 'businessName' | 'customerName' | 'periodStart' | 'periodEnd'>) => `${b.businessName ?? b.customerName}, ${periodText(b)}`;

/** Items reading the billing come first, then those changing it, after a line. */
const READING: readonly BillingMenuKey[] = ['view', 'preview', 'files'];

/** A billing's "⋯" menu (billing-actions.ts): what the signed-in person may do with it. */
export function BillingRowMenu({ billing, onSelect }: { billing: BillingDto; onSelect: (key: BillingMenuKey) => void }) {
  const { ability, roles } = useAccess();
  const items = billingMenuItems(billing, ability, roles);
  if (items.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={`Actions for ${billingName(billing)}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[11rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item, index) => {
            const Icon = ICONS[item.key];
            const previous = items[index - 1];
            return (
              <Fragment key={item.key}>
                {previous && READING.includes(previous.key) && !READING.includes(item.key) ? <Menu.Separator className="my-1 h-px bg-slate-100" /> : null}
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
