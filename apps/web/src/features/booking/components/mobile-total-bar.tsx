import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, ChevronUp, Loader2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatPesoAmount } from '../../../lib/format';
import { cn } from '../../../lib/utils';

/**
 * Phones only (below `lg`, where the price card would sit at the bottom of a long page): a bar fixed to the
 * bottom of the screen with the total, a button that opens the full breakdown above it, and Continue. The
 * page keeps room for it (`pb-*` on the form), so it never covers the last field.
 */
export function MobileTotalBar({
  total,
  current,
  updating,
  breakdown,
  alert,
  formId,
}: {
  /** The total in pesos as the server priced it; undefined before any price. */
  total: unknown;
  current: boolean;
  updating: boolean;
  /** The full price summary, shown when the bar is opened. */
  breakdown: ReactNode;
  /** "2 fields need your attention", after a Continue. */
  alert?: ReactNode;
  formId: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section
      aria-label={t`Booking total`}
      data-testid="mobile-total-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
    >
      {open ? (
        <div id={panelId} className="max-h-[60vh] overflow-y-auto border-b border-slate-100 px-4 py-3">
          {breakdown}
        </div>
      ) : null}
      <div className="mx-auto flex max-w-3xl flex-col gap-2 px-4 py-3">
        {alert}
        <div className="flex items-center gap-3">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((value) => !value)}
            className="flex min-w-0 flex-1 flex-col items-start rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            <span className="flex items-center gap-1 text-xs font-medium text-teal-800">
              {open ? <Trans>Hide breakdown</Trans> : <Trans>Show breakdown</Trans>}
              <ChevronUp className={cn('h-3.5 w-3.5 transition-transform', !open && 'rotate-180')} aria-hidden="true" />
            </span>
            {/* Wraps below "Kabuuan" rather than run under Continue when a long total meets a narrow phone. */}
            <span className="flex flex-wrap items-center gap-x-2">
              <span className="text-sm text-slate-600">
                <Trans>Total</Trans>
              </span>
              <span
                data-testid="mobile-total"
                data-current={current}
                className={cn('text-lg font-semibold whitespace-nowrap tabular-nums text-slate-900', !current && 'text-slate-500')}
              >
                {formatPesoAmount(total ?? 0)}
              </span>
              {updating ? <Loader2 className="h-4 w-4 animate-spin text-slate-400" aria-label={t`Updating price`} /> : null}
            </span>
          </button>
          <Button type="submit" form={formId} size="lg" className="shrink-0">
            <Trans>Continue</Trans> <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
