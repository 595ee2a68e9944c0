import type { ShipmentDto } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, Package } from 'lucide-react';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';

type ShipmentPackage = ShipmentDto['packages'][number];

/**
 * The breakdown line of product.md §2: "Box Rate (₱ rate x quantity)" when a box rate exists,
 * "Chargeable weight fee" for Your Box (and Cargo, priced the same way), otherwise
 * "Base Delivery Fee (₱base x quantity)".
 */
export function packageLineLabel(i18n: I18n, line: Pick<ShipmentPackage, 'boxName' | 'category' | 'quantity' | 'boxRateInCents' | 'basePriceInCents'>): string {
  const quantity = line.quantity;
  if (line.boxRateInCents !== null) {
    const rate = formatMoney(line.boxRateInCents);
    return i18n._(msg`Box Rate (${rate} x ${quantity})`);
  }
  if (line.boxName === 'Your Box' || line.category === 'Cargo') return i18n._(msg`Chargeable weight fee`);
  const base = formatMoney(line.basePriceInCents);
  return i18n._(msg`Base Delivery Fee (${base} x ${quantity})`);
}

const kg = (grams: number | null) => (grams === null ? null : `${(grams / 1000).toLocaleString('en-PH', { maximumFractionDigits: 2 })} kg`);

function PackageLine({ line }: { line: ShipmentPackage }) {
  const { i18n } = useLingui();
  const size = line.lengthInCm && line.widthInCm && line.heightInCm ? `${line.lengthInCm} x ${line.widthInCm} x ${line.heightInCm} cm` : null;
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      {line.imageUrl ? (
        <img src={line.imageUrl} alt="" className="h-12 w-12 shrink-0 rounded-md border border-slate-200 object-cover" />
      ) : (
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-slate-100" aria-hidden="true">
          <Package className="h-6 w-6 text-slate-500" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-medium text-slate-900">
            {line.quantity} x {line.boxName}
          </p>
          <p className="font-medium text-slate-900">{formatMoney(line.priceInCents)}</p>
        </div>
        <p className="text-xs break-words text-slate-600">{[line.itemCategory, line.description].filter(Boolean).join(' · ')}</p>
        <details className="group mt-1 text-sm">
          <summary className="flex cursor-pointer list-none items-center gap-1 text-teal-700 hover:underline [&::-webkit-details-marker]:hidden">
            <Trans>Breakdown</Trans>
            <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <dl className="mt-2 flex flex-col gap-1 rounded-md bg-slate-50 p-3 text-slate-700">
            <div className="flex justify-between gap-3">
              <dt>{packageLineLabel(i18n, line)}</dt>
              <dd className="whitespace-nowrap">{formatMoney(line.priceInCents)}</dd>
            </div>
            {line.chargeableWeightKg !== null ? (
              <div className="flex justify-between gap-3">
                <dt>
                  <Trans>Chargeable weight</Trans>
                </dt>
                {/* i18n-ignore: a unit symbol, the same in both languages */}
                <dd>{line.chargeableWeightKg} kg</dd>
              </div>
            ) : null}
            {kg(line.weightInGrams) ? (
              <div className="flex justify-between gap-3">
                <dt>
                  <Trans>Actual weight</Trans>
                </dt>
                <dd>{kg(line.weightInGrams)}</dd>
              </div>
            ) : null}
            {size ? (
              <div className="flex justify-between gap-3">
                <dt>
                  <Trans>Size</Trans>
                </dt>
                <dd>{size}</dd>
              </div>
            ) : null}
          </dl>
        </details>
      </div>
    </li>
  );
}

export function PackageLines({ shipment }: { shipment: ShipmentDto }) {
  return (
    <Card aria-labelledby="package-lines-title">
      <CardTitle id="package-lines-title">
        <Trans>Packages</Trans>
      </CardTitle>
      <ul className="mt-4 divide-y divide-slate-100">
        {shipment.packages.map((line) => (
          <PackageLine key={line.id} line={line} />
        ))}
      </ul>
    </Card>
  );
}
