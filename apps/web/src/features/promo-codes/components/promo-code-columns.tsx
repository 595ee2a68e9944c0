import type { PromoCodeDto } from '@hatid/domain';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDate } from '../../../lib/format';
import { discountText } from '../lib/promo-form';

const column = dataColumnHelper<PromoCodeDto>();

export const boxesText = (promo: Pick<PromoCodeDto, 'applicableBoxTypes'>) =>
  promo.applicableBoxTypes.length === 0 ? 'Every box' : promo.applicableBoxTypes.join(', ');
export const limitText = (limit: number | null) => (limit === null ? 'Unlimited' : String(limit));
export const periodText = (promo: Pick<PromoCodeDto, 'startDate' | 'endDate'>) => `${formatDate(promo.startDate)} – ${formatDate(promo.endDate)}`;

/** The promo codes table: code and description, discount, period, uses, and the boxes it applies to. */
export const PROMO_CODE_COLUMNS: DataColumn<PromoCodeDto>[] = [
  column.accessor('code', {
    header: 'Code',
    cell: ({ row }) => (
      <div className="min-w-[8rem]">
        <p className="font-mono font-semibold text-slate-900">{row.original.code}</p>
        {row.original.description ? <p className="text-xs text-slate-500">{row.original.description}</p> : null}
      </div>
    ),
  }),
  column.display({ id: 'discount', header: 'Discount', cell: ({ row }) => <span className="whitespace-nowrap">{discountText(row.original)}</span> }),
  column.display({ id: 'period', header: 'Valid', cell: ({ row }) => <span className="whitespace-nowrap">{periodText(row.original)}</span> }),
  column.display({
    id: 'usage',
    header: 'Used',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.usageCount} of {limitText(row.original.maxUsage).toLowerCase()}
      </span>
    ),
  }),
  column.display({ id: 'perUser', header: 'Per customer', cell: ({ row }) => limitText(row.original.maxUsagePerUser) }),
  column.display({ id: 'boxes', header: 'Boxes', cell: ({ row }) => boxesText(row.original) }),
];
