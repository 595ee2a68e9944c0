import type { PricingDetails } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatPesoAmount } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { PackageLineSummary } from './package-line-summary';

export interface PricingSummaryProps {
  /** The latest answer of the server, possibly for an older version of the form. */
  result: Partial<PricingDetails> | undefined;
  /** True only when `result` prices exactly what is on the form now. */
  current: boolean;
  updating: boolean;
  /** Why there is no current price (nothing to price, a field to fix, a refused request). */
  notice?: ReactNode;
  promoCode?: string | undefined;
  /** "Price" unless said otherwise. */
  title?: string;
  className?: string;
}

function Row({ label, value, strong, negative, className }: { label: ReactNode; value: unknown; strong?: boolean; negative?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', strong ? 'text-base font-semibold text-slate-900' : 'text-sm text-slate-700', className)}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">
        {negative && typeof value === 'number' && value > 0 ? '− ' : ''}
        {formatPesoAmount(value)}
      </dd>
    </div>
  );
}

/**
 * The pricing result display: package lines and the totals. The main rows are always there (₱0.00 until
 * priced), so a new price barely shifts the page; while the form and the figure disagree the figure is dimmed
 * (every figure in grey, still 4.7:1 against white: opacity fell below the contrast minimum) and marked as
 * updating, never shown as the final total.
 */
export function PricingSummary({ result, current, updating, notice, promoCode, title, className }: PricingSummaryProps) {
  const { t } = useLingui();
  const titleId = useId();
  // Nothing priced yet reads ₱0.00; "PHP 0.00" is kept for a priced value that is not a number.
  const amount = (value: unknown) => (result ? value : 0);
  const lines = result?.packages ?? [];
  const retrieval = (result?.retrievalFeeInCents ?? 0) / 100;
  const fees = (result?.feesInCents ?? 0) / 100;
  // The server's one "surcharge" holds the Same Day fee and the own-box surcharges: name each part.
  const sameDayFee = (result?.sameDayFeeInCents ?? 0) / 100;
  const surcharge = result ? result.surcharge : 0;
  const ownBoxSurcharge = typeof surcharge === 'number' ? surcharge - sameDayFee : surcharge;
  return (
    <section aria-labelledby={titleId} aria-busy={updating || undefined} className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title ?? t`Price`}
        </h2>
        <p aria-live="polite" className="flex min-h-5 items-center gap-1 text-xs text-slate-500">
          {updating ? (
            <>
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> <Trans>Updating price…</Trans>
            </>
          ) : null}
        </p>
      </div>
      <div
        data-testid="pricing-figures"
        data-current={current}
        className={cn('flex flex-col gap-3 transition-colors', !current && 'text-slate-500! [&_*]:text-slate-500!')}
      >
        {lines.length > 0 ? (
          <ul aria-label={t`Packages`} className="divide-y divide-slate-100 border-y border-slate-100">
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: priced lines carry no id; they come back in the draft's order
              <PackageLineSummary key={index} line={line} />
            ))}
          </ul>
        ) : null}
        <dl className="flex flex-col gap-1.5">
          <Row label={t`Packages`} value={amount(result?.packagesTotal)} />
          {ownBoxSurcharge !== 0 ? <Row label={t`Own-box surcharge`} value={ownBoxSurcharge} /> : null}
          {sameDayFee > 0 ? <Row label={t`Same Day fee`} value={sameDayFee} /> : null}
          <Row label={t`Subtotal`} value={amount(result?.subtotal)} />
          <Row label={t`Insurance`} value={amount(result?.insuranceValue)} />
          {retrieval > 0 ? <Row label={t`Retrieval fee`} value={retrieval} /> : null}
          {fees > 0 ? <Row label={t`Other fees`} value={fees} /> : null}
          <Row label={promoCode ? t`Discount (${promoCode})` : t`Discount`} value={amount(result?.discountAmount)} negative />
          {/* A <dl> holds its dt/dd groups directly (one <div> each): the rule above is the Total row's own border. */}
          <Row label={t`Total`} value={amount(result?.total)} strong className="mt-1 border-t border-slate-200 pt-2" />
        </dl>
      </div>
      {notice ? <div className="text-sm text-slate-600">{notice}</div> : null}
    </section>
  );
}
