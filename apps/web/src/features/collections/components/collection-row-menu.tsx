import type { CollectionDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Ban, CircleCheck, Eye, Truck, type LucideIcon } from 'lucide-react';
import { ActionMenu } from '../../../components/data-table/action-menu';
import { useAccess } from '../../../lib/ability';
import { formatMoney } from '../../../lib/format';
import { collectionMenuItems, type CollectionMenuKey } from '../lib/collection-actions';

const ICONS: Record<CollectionMenuKey, LucideIcon> = { view: Eye, on_going: Truck, completed: CircleCheck, cancelled: Ban };

/** What a collection is called in labels and messages: "the ₱1,250.00 hand-over by Ramon Aquino". */
export const collectionName = (c: Pick<CollectionDto, 'amountInCents' | 'collectedFromName'>) => {
  const amount = formatMoney(c.amountInCents);
  const name = c.collectedFromName;
  return i18n._(msg`the ${amount} hand-over by ${name}`);
};

/** A collection named in a list: "₱1,250.00 hand-over by Ramon Aquino". */
export const handOverName = (c: Pick<CollectionDto, 'amountInCents' | 'collectedFromName'>) => {
  const amount = formatMoney(c.amountInCents);
  const name = c.collectedFromName;
  return i18n._(msg`${amount} hand-over by ${name}`);
};

/** "₱1,250.00 from Ramon Aquino", for the toasts. */
export const amountFrom = (c: Pick<CollectionDto, 'amountInCents' | 'collectedFromName'>) => {
  const amount = formatMoney(c.amountInCents);
  const name = c.collectedFromName;
  return i18n._(msg`${amount} from ${name}`);
};

/** A collection's "⋯" menu: View, then the moves it may still make (collection-actions.ts). */
export function CollectionRowMenu({ collection, onSelect }: { collection: CollectionDto; onSelect: (key: CollectionMenuKey) => void }) {
  const { ability } = useAccess();
  const items = collectionMenuItems(collection, ability);
  return (
    <ActionMenu
      label={collectionName(collection)}
      items={items.map((item, index) => ({
        key: item.key,
        label: item.label,
        icon: ICONS[item.key],
        destructive: item.destructive,
        separatorBefore: index > 0 && items[index - 1]!.key === 'view',
        onSelect: () => onSelect(item.key),
      }))}
    />
  );
}
