import type { PromoCodeDto } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDate } from '../../../lib/format';
import { discountText } from '../lib/promo-form';

const column = dataColumnHelper<PromoCodeDto>();

export const boxesText = (promo: Pick<PromoCodeDto, 'applicableBoxTypes'>) =>
  promo.applicableBoxTypes.length === 0 ? t`Every box` : promo.applicableBoxTypes.join(', ');
export const limitText = (limit: number | null) => (limit === null ? t`Unlimited` : String(limit));
/** "3 of 100", "3 of unlimited": how often a code was used, against its limit. */
export const usedText = (promo: Pick<PromoCodeDto, 'usageCount' | 'maxUsage'>) => {
  const used = promo.usageCount;
  const limit = promo.maxUsage;
  return limit === null ? t`${used} of unlimited` : t`${used} of ${limit}`;
};
export const periodText = (promo: Pick<PromoCodeDto, 'startDate' | 'endDate'>) => `${formatDate(promo.startDate)} – ${formatDate(promo.endDate)}`;

/** The promo codes table: code and description, discount, period, uses, and the boxes it applies to. */
export const PROMO_CODE_COLUMNS: DataColumn<PromoCodeDto>[] = [
  column.accessor('code', {
    header: () => <Trans>Code</Trans>,
    cell: ({ row }) => (
      <div className="min-w-[8rem]">
        <p className="font-mono font-semibold text-slate-900">{row.original.code}</p>
        {row.original.description ? <p className="text-xs text-slate-500">{row.original.description}</p> : null}
      </div>
    ),
  }),
  column.display({
    id: 'discount',
    header: () => <Trans>Discount</Trans>,
    cell: ({ row }) => <span className="whitespace-nowrap">{discountText(row.original)}</span>,
  }),
  column.display({
    id: 'period',
    header: () => <Trans>Valid</Trans>,
    cell: ({ row }) => <span className="whitespace-nowrap">{periodText(row.original)}</span>,
  }),
  column.display({
    id: 'usage',
    header: () => <Trans>Used</Trans>,
    cell: ({ row }) => <span className="whitespace-nowrap">{usedText(row.original)}</span>,
  }),
  column.display({ id: 'perUser', header: () => <Trans>Per customer</Trans>, cell: ({ row }) => limitText(row.original.maxUsagePerUser) }),
  column.display({ id: 'boxes', header: () => <Trans>Boxes</Trans>, cell: ({ row }) => boxesText(row.original) }),
];
