import { formatPesoAmount, type PricingDetails } from '@hatid/domain';
import { Loader2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
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
  title?: string;
  className?: string;
}

function Row({ label, value, strong, negative }: { label: ReactNode; value: unknown; strong?: boolean; negative?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', strong ? 'text-base font-semibold text-slate-900' : 'text-sm text-slate-700')}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">
        {negative && typeof value === 'number' && value > 0 ? '− ' : ''}
        {formatPesoAmount(value)}
      </dd>
    </div>
  );
}

/**
 * The pricing result display: package lines and the totals. Every row is always there (PHP 0.00 until
 * priced), so a new price never shifts the page; while the form and the figure disagree the figure is dimmed
 * and marked as updating, never shown as the final total.
 */
export function PricingSummary({ result, current, updating, notice, promoCode, title = 'Price', className }: PricingSummaryProps) {
  const titleId = useId();
  const lines = result?.packages ?? [];
  const retrieval = (result?.retrievalFeeInCents ?? 0) / 100;
  const fees = (result?.feesInCents ?? 0) / 100;
  return (
    <section aria-labelledby={titleId} aria-busy={updating || undefined} className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p aria-live="polite" className="flex min-h-5 items-center gap-1 text-xs text-slate-500">
          {updating ? (
            <>
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> Updating price…
            </>
          ) : null}
        </p>
      </div>
      <div data-testid="pricing-figures" data-current={current} className={cn('flex flex-col gap-3 transition-opacity', !current && 'opacity-50')}>
        {lines.length > 0 ? (
          <ul aria-label="Packages" className="divide-y divide-slate-100 border-y border-slate-100">
            {lines.map((line, index) => (
              <PackageLineSummary key={index} line={line} />
            ))}
          </ul>
        ) : null}
        <dl className="flex flex-col gap-1.5">
          <Row label="Packages" value={result?.packagesTotal} />
          <Row label="Surcharge" value={result?.surcharge} />
          <Row label="Subtotal" value={result?.subtotal} />
          <Row label="Insurance" value={result?.insuranceValue} />
          {retrieval > 0 ? <Row label="Retrieval fee" value={retrieval} /> : null}
          {fees > 0 ? <Row label="Other fees" value={fees} /> : null}
          <Row label={promoCode ? `Discount (${promoCode})` : 'Discount'} value={result?.discountAmount} negative />
          <div className="mt-1 border-t border-slate-200 pt-2">
            <Row label="Total" value={result?.total} strong />
          </div>
        </dl>
      </div>
      {notice ? <div className="text-sm text-slate-600">{notice}</div> : null}
    </section>
  );
}
