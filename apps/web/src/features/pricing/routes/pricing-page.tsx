import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PageHeader } from '../../console/components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { pricingConfigQueryOptions } from '../../info/api/get-pricing-config';
import { PricingConfigForm } from '../components/pricing-config-form';
import { PricingUpdatedModal } from '../components/pricing-updated-modal';
import { describePricingChanges, type PricingChange } from '../lib/pricing-form';

/** /pricing in the console (manage PricingConfig: staff and admins): the configuration in force, edited in place. */
export function PricingPage() {
  const { t } = useLingui();
  // Always read afresh on opening: an editor must start from the figures in force, not a copy cached by /rates.
  const config = useQuery({ ...pricingConfigQueryOptions(), refetchOnMount: 'always' });
  const ready = config.data && config.isFetchedAfterMount;
  const [changes, setChanges] = useState<PricingChange[] | null>(null);

  return (
    <section aria-labelledby="pricing-title" className="flex flex-col gap-5">
      <PageHeader
        id="pricing-title"
        title={t`Pricing`}
        description={t`The prices in force for every booking. Amounts are in pesos; a change applies to the next price asked.`}
      />
      {!ready && !config.isError ? <Spinner label={t`Loading pricing`} className="py-16" /> : null}
      {config.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(config.error)}
          <Button variant="secondary" size="sm" onClick={() => void config.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {ready ? <PricingConfigForm config={config.data} onSaved={(before, after) => setChanges(describePricingChanges(before, after))} /> : null}
      <PricingUpdatedModal changes={changes} onOpenChange={(open) => (open ? undefined : setChanges(null))} />
    </section>
  );
}
