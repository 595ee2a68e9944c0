import { Trans, useLingui } from '@lingui/react/macro';
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
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

function BoxRateCard({ rate }: { rate: BoxRate }) {
  const { t } = useLingui();
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <img src={rate.imageUrl} alt="" width={56} height={56} className="h-14 w-14 shrink-0" loading="lazy" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{rate.name}</h3>
        <p className="text-lg font-semibold text-teal-800">
          {rate.priceIsMinimum ? (
            <Trans>
              <span className="text-sm font-normal text-slate-600">from</span> {formatMoney(rate.priceInCents)}
            </Trans>
          ) : (
            formatMoney(rate.priceInCents)
          )}
          {rate.isBoxRate ? (
            <span className="ml-1 text-xs font-normal text-slate-600">
              <Trans>(box rate)</Trans>
            </span>
          ) : null}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          <dt className="text-slate-500">
            <Trans>Weight</Trans>
          </dt>
          <dd className="text-slate-800">{rate.limit}</dd>
          <dt className="text-slate-500">
            <Trans>Size</Trans>
          </dt>
          <dd className="text-slate-800">{rate.size ?? (rate.name === 'Your Box' ? t`Any box you pack` : t`Document size`)}</dd>
        </dl>
        {rate.note ? <p className="mt-1 text-xs text-slate-600">{rate.note}</p> : null}
      </div>
    </li>
  );
}

/** /rates: box prices and the pricing rules, written from the live pricing config. */
export function RatesPage() {
  const { i18n, t } = useLingui();
  const boxes = useBoxes();
  const config = usePricingConfig();

  return (
    <InfoPage
      titleId="rates-title"
      title={t`Rates`}
      lead={
        <p>
          <Trans>
            Prices are in Philippine pesos. A box costs the same for every destination we deliver to, and the booking page shows the full price, fees included,
            before you confirm.
          </Trans>
        </p>
      }
    >
      <section aria-labelledby="box-prices-title" className="flex flex-col gap-3">
        <h2 id="box-prices-title" className="text-lg font-semibold text-slate-900">
          <Trans>Box prices</Trans>
        </h2>
        {boxes.isPending || config.isPending ? <Spinner label={t`Loading rates`} /> : null}
        {boxes.isError ? <LoadError error={boxes.error} onRetry={() => void boxes.refetch()} /> : null}
        {boxes.data && !config.isPending ? (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t`Box prices`}>
            {boxes.data.map((box) => (
              <BoxRateCard key={box.id} rate={boxRate(i18n, box, config.data)} />
            ))}
          </ul>
        ) : null}
      </section>

      {config.isError ? <LoadError error={config.error} onRetry={() => void config.refetch()} /> : null}
      {config.data ? <PricingRules config={config.data} /> : null}

      <p className="text-sm text-slate-600">
        <Trans>
          Some items cannot be shipped at all: see the{' '}
          <Link to="/prohibited-items" className="font-medium text-teal-700 underline-offset-4 hover:underline">
            prohibited items
          </Link>{' '}
          before you pack.
        </Trans>
      </p>
      <div>
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <Trans>Book a shipment</Trans>
        </Link>
      </div>
    </InfoPage>
  );
}

function PricingRules({ config }: { config: NonNullable<ReturnType<typeof usePricingConfig>['data']> }) {
  const { i18n, t } = useLingui();
  const example = chargeableWeightExample(i18n, config);
  return (
    <>
      <InfoSection id="your-box-title" title={t`Your Box and Cargo: chargeable weight`}>
        <p>{chargeableWeightRule(i18n, config)}</p>
        <p className="rounded-lg bg-slate-50 p-3">
          <span className="font-medium text-slate-900">
            <Trans>Example:</Trans>{' '}
          </span>
          {example.text}
        </p>
      </InfoSection>

      <InfoSection id="fees-title" title={t`Surcharges`}>
        <h3>
          <Trans>Own-box surcharge</Trans>
        </h3>
        <p>{ownBoxSurchargeRule(i18n, config)}</p>
        <h3>
          <Trans>Same Day delivery</Trans>
        </h3>
        <p>{sameDayRule(i18n, config)}</p>
      </InfoSection>

      <InfoSection id="insurance-title" title={t`Insurance`}>
        <p>{insuranceRule(i18n, config)}</p>
        <table className="w-full max-w-sm text-left text-sm">
          <caption className="sr-only">
            <Trans>Insurance fee by declared value</Trans>
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-500">
              <th scope="col" className="py-1.5 font-medium">
                <Trans>Declared value</Trans>
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                <Trans>Insurance fee</Trans>
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
        <p>
          <Trans>Claims for loss or damage are paid up to the declared value, so declare what your item is really worth.</Trans>
        </p>
      </InfoSection>

      <InfoSection id="other-fees-title" title={t`Other fees`}>
        <ul>
          <li>
            <Trans>A package heavier than its box’s limit cannot go in that box: choose Your Box or Cargo instead.</Trans>
          </li>
          <li>
            <Trans>Deliveries to some provinces carry a retrieval fee, added once per shipment; the booking page shows it when it applies.</Trans>
          </li>
          <li>
            <Trans>Our staff may add a fee for dangerous goods handling, fuel or a size adjustment when a parcel needs it.</Trans>
          </li>
          <li>
            <Trans>Promo codes take money off the box prices, never off insurance or fees.</Trans>
          </li>
        </ul>
      </InfoSection>
    </>
  );
}
