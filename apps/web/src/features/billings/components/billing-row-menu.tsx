import type { BillingDto } from '@hatid/domain';
import { Ban, CircleCheck, Eye, FileText, Paperclip, Pencil, Trash2, Truck, Wallet, type LucideIcon } from 'lucide-react';
import { ActionMenu } from '../../../components/data-table/action-menu';
import { useAccess } from '../../../lib/ability';
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
export const billingName = (b: Pick<BillingDto, 'businessName' | 'customerName' | 'periodStart' | 'periodEnd'>) =>
  `${b.businessName ?? b.customerName}, ${periodText(b)}`;

/** Items reading the billing come first, then those changing it, after a line. */
const READING: readonly BillingMenuKey[] = ['view', 'preview', 'files'];

/** A billing's "⋯" menu (billing-actions.ts): what the signed-in person may do with it. */
export function BillingRowMenu({ billing, onSelect }: { billing: BillingDto; onSelect: (key: BillingMenuKey) => void }) {
  const { ability, roles } = useAccess();
  const items = billingMenuItems(billing, ability, roles);
  return (
    <ActionMenu
      label={billingName(billing)}
      items={items.map((item, index) => {
        const previous = items[index - 1];
        return {
          key: item.key,
          label: item.label,
          icon: ICONS[item.key],
          disabled: item.disabled,
          destructive: item.destructive,
          separatorBefore: Boolean(previous && READING.includes(previous.key) && !READING.includes(item.key)),
          onSelect: () => onSelect(item.key),
        };
      })}
    />
  );
}
