import { Link } from '@tanstack/react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useBoxes } from '../../../lib/api/boxes';
import { usePricingConfig } from '../api/get-pricing-config';
import { InfoPage, InfoSection } from '../components/info-page';
import {
  boxRate,
  chargeableWeightExample,
  chargeableWeightRule,
  insuranceExamples,
  insuranceRule,
  ownBoxSurchargeRule,
  sameDayRule,
  type BoxRate,
} from '../lib/rate-rules';

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function BoxRateCard({ rate }: { rate: BoxRate }) {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <img src={rate.imageUrl} alt="" width={56} height={56} className="h-14 w-14 shrink-0" loading="lazy" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{rate.name}</h3>
        <p className="text-lg font-semibold text-teal-800">
          {rate.priceIsMinimum ? <span className="text-sm font-normal text-slate-600">from </span> : null}
          {formatMoney(rate.priceInCents)}
          {rate.isBoxRate ? <span className="ml-1 text-xs font-normal text-slate-600">(box rate)</span> : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          <dt className="text-slate-500">Weight</dt>
          <dd className="text-slate-800">{rate.limit}</dd>
          <dt className="text-slate-500">Size</dt>
          <dd className="text-slate-800">{rate.size ?? (rate.name === 'Your Box' ? 'Any box you pack' : 'Document size')}</dd>
        </dl>
        {rate.note ? <p className="mt-1 text-xs text-slate-600">{rate.note}</p> : null}
      </div>
    </li>
  );
}

/** /rates: box prices and the pricing rules, written from the live pricing config. */
export function RatesPage() {
  const boxes = useBoxes();
  const config = usePricingConfig();

  return (
    <InfoPage
      titleId="rates-title"
      title="Rates"
      lead={
        <p>
          Prices are in Philippine pesos. A box costs the same for every destination we deliver to, and the booking page shows the full
          price, fees included, before you confirm.
        </p>
      }
    >
      <section aria-labelledby="box-prices-title" className="flex flex-col gap-3">
        <h2 id="box-prices-title" className="text-lg font-semibold text-slate-900">
          Box prices
        </h2>
        {boxes.isPending || config.isPending ? <Spinner label="Loading rates" /> : null}
        {boxes.isError ? <LoadError error={boxes.error} onRetry={() => void boxes.refetch()} /> : null}
        {boxes.data && !config.isPending ? (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Box prices">
            {boxes.data.map((box) => (
              <BoxRateCard key={box.id} rate={boxRate(box, config.data)} />
            ))}
          </ul>
        ) : null}
      </section>

      {config.isError ? <LoadError error={config.error} onRetry={() => void config.refetch()} /> : null}
      {config.data ? <PricingRules config={config.data} /> : null}

      <p className="text-sm text-slate-600">
        Some items cannot be shipped at all: see the{' '}
        <Link to="/prohibited-items" className="font-medium text-teal-700 underline-offset-4 hover:underline">
          prohibited items
        </Link>{' '}
        before you pack.
      </p>
      <div>
        <Link to="/" className={buttonClasses('primary', 'md')}>
          Book a shipment
        </Link>
      </div>
    </InfoPage>
  );
}

function PricingRules({ config }: { config: NonNullable<ReturnType<typeof usePricingConfig>['data']> }) {
  const example = chargeableWeightExample(config);
  return (
    <>
      <InfoSection id="your-box-title" title="Your Box and Cargo: chargeable weight">
        <p>{chargeableWeightRule(config)}</p>
        <p className="rounded-lg bg-slate-50 p-3">
          <span className="font-medium text-slate-900">Example: </span>
          {example.text}
        </p>
      </InfoSection>

      <InfoSection id="fees-title" title="Surcharges">
        <h3>Own-box surcharge</h3>
        <p>{ownBoxSurchargeRule(config)}</p>
        <h3>Same Day delivery</h3>
        <p>{sameDayRule(config)}</p>
      </InfoSection>

      <InfoSection id="insurance-title" title="Insurance">
        <p>{insuranceRule(config)}</p>
        <table className="w-full max-w-sm text-left text-sm">
          <caption className="sr-only">Insurance fee by declared value</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-500">
              <th scope="col" className="py-1.5 font-medium">
                Declared value
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Insurance fee
              </th>
            </tr>
          </thead>
          <tbody>
            {insuranceExamples(config).map((row) => (
              <tr key={row.declaredInCents} className="border-b border-slate-100">
                <td className="py-1.5">{formatMoney(row.declaredInCents)}</td>
                <td className="py-1.5 text-right font-medium text-slate-900">{formatMoney(row.feeInCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Claims for loss or damage are paid up to the declared value, so declare what your item is really worth.</p>
      </InfoSection>

      <InfoSection id="other-fees-title" title="Other fees">
        <ul>
          <li>A package heavier than its box’s limit cannot go in that box: choose Your Box or Cargo instead.</li>
          <li>Deliveries to some provinces carry a retrieval fee, added once per shipment; the booking page shows it when it applies.</li>
          <li>Our staff may add a fee for dangerous goods handling, fuel or a size adjustment when a parcel needs it.</li>
          <li>Promo codes take money off the box prices, never off insurance or fees.</li>
        </ul>
      </InfoSection>
    </>
  );
}
