import type { PricedPackage } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { formatMoney, formatPesoAmount } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { packageBreakdownText } from '../lib/labels';
import { boxImageUrl } from './box-image';

const pesos = (cents: number | null | undefined) => (typeof cents === 'number' ? cents / 100 : Number.NaN);

/**
 * One priced package (product.md §2 "Package line summary"): image, quantity, name, total price and a
 * collapsible breakdown ("Box Rate (₱ rate x quantity)", "Chargeable weight fee" or "Base Delivery Fee
 * (₱base x quantity)"). Amounts read "PHP 0.00" when the server sent something that is not a number.
 */
export function PackageLineSummary({ line }: { line: PricedPackage }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { boxName, quantity } = line;
  const unitSurcharge = formatMoney(line.surchargeInCents / Math.max(1, line.quantity));
  const total = pesos(line.lineTotalInCents + line.surchargeInCents);
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex items-center gap-3">
        <img src={boxImageUrl(line.boxName)} alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
        <p className="min-w-0 flex-1 text-sm text-slate-900">
          <span className="font-semibold tabular-nums">{line.quantity} ×</span> <span>{line.boxName}</span>
        </p>
        <p className="text-sm font-semibold whitespace-nowrap tabular-nums text-slate-900" data-testid="line-total">
          {formatPesoAmount(total)}
        </p>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 self-start rounded-sm text-xs font-medium text-teal-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        <ChevronDown className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        {open ? (
          <Trans>
            Hide breakdown<span className="sr-only"> of {boxName}</span>
          </Trans>
        ) : (
          <Trans>
            Show breakdown<span className="sr-only"> of {boxName}</span>
          </Trans>
        )}
      </button>
      <dl id={id} hidden={!open} className="ml-13 flex flex-col gap-1 text-xs text-slate-700">
        <div className="flex justify-between gap-3">
          <dt>{packageBreakdownText(i18n, line)}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatPesoAmount(pesos(line.lineTotalInCents))}</dd>
        </div>
        {line.chargeableWeightKg !== null ? (
          <div className="flex justify-between gap-3 text-slate-500">
            <dt>
              <Trans>Chargeable weight</Trans>
            </dt>
            <dd className="whitespace-nowrap tabular-nums">
              {/* i18n-ignore: kg is the unit in both languages */}
              {line.chargeableWeightKg} kg × {line.quantity}
            </dd>
          </div>
        ) : null}
        {line.surchargeInCents > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>
              <Trans>
                Own-box surcharge ({unitSurcharge} x {quantity})
              </Trans>
            </dt>
            <dd className="whitespace-nowrap tabular-nums">{formatPesoAmount(pesos(line.surchargeInCents))}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
