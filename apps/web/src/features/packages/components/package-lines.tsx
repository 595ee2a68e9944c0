import { formatMoney, type ShipmentDto } from '@hatid/domain';
import { ChevronDown, Package } from 'lucide-react';
import { Card, CardTitle } from '../../../components/ui/card';

type ShipmentPackage = ShipmentDto['packages'][number];

/**
 * The breakdown line of product.md §2: "Box Rate (₱ rate x quantity)" when a box rate exists,
 * "Chargeable weight fee" for Your Box (and Cargo, priced the same way), otherwise
 * "Base Delivery Fee (₱base x quantity)".
 */
export function packageLineLabel(line: Pick<ShipmentPackage, 'boxName' | 'category' | 'quantity' | 'boxRateInCents' | 'basePriceInCents'>): string {
  if (line.boxRateInCents !== null) return `Box Rate (${formatMoney(line.boxRateInCents)} x ${line.quantity})`;
  if (line.boxName === 'Your Box' || line.category === 'Cargo') return 'Chargeable weight fee';
  return `Base Delivery Fee (${formatMoney(line.basePriceInCents)} x ${line.quantity})`;
}

const kg = (grams: number | null) => (grams === null ? null : `${(grams / 1000).toLocaleString('en-PH', { maximumFractionDigits: 2 })} kg`);

function PackageLine({ line }: { line: ShipmentPackage }) {
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
        <p className="text-xs break-words text-slate-600">
          {[line.itemCategory, line.description].filter(Boolean).join(' · ')}
        </p>
        <details className="group mt-1 text-sm">
          <summary className="flex cursor-pointer list-none items-center gap-1 text-teal-700 hover:underline [&::-webkit-details-marker]:hidden">
            Breakdown
            <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <dl className="mt-2 flex flex-col gap-1 rounded-md bg-slate-50 p-3 text-slate-700">
            <div className="flex justify-between gap-3">
              <dt>{packageLineLabel(line)}</dt>
              <dd className="whitespace-nowrap">{formatMoney(line.priceInCents)}</dd>
            </div>
            {line.chargeableWeightKg !== null ? (
              <div className="flex justify-between gap-3">
                <dt>Chargeable weight</dt>
                <dd>{line.chargeableWeightKg} kg</dd>
              </div>
            ) : null}
            {kg(line.weightInGrams) ? (
              <div className="flex justify-between gap-3">
                <dt>Actual weight</dt>
                <dd>{kg(line.weightInGrams)}</dd>
              </div>
            ) : null}
            {size ? (
              <div className="flex justify-between gap-3">
                <dt>Size</dt>
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
      <CardTitle id="package-lines-title">Packages</CardTitle>
      <ul className="mt-4 divide-y divide-slate-100">
        {shipment.packages.map((line) => (
          <PackageLine key={line.id} line={line} />
        ))}
      </ul>
    </Card>
  );
}
