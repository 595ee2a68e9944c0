import { Trans, useLingui } from '@lingui/react/macro';
import { DoneModal } from '../../../components/ui/modal';
import type { PricingChange } from '../lib/pricing-form';

/**
 * The spec's "pricing updated" modal (product.md §2): what the save changed, before and now. Prices asked
 * from now on (the booking page, GET /boxes) use the new figures.
 */
export function PricingUpdatedModal({ changes, onOpenChange }: { changes: PricingChange[] | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <DoneModal
      open={changes !== null}
      onOpenChange={onOpenChange}
      title={t`Pricing updated`}
      description={t`Every price from now on uses these figures: the booking page, the box list and the rates page.`}
      size="lg"
    >
      {changes && changes.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <Trans>What changed</Trans>
          </caption>
          <thead className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                <Trans>Figure</Trans>
              </th>
              <th scope="col" className="py-2 pr-3">
                <Trans>Before</Trans>
              </th>
              <th scope="col" className="py-2">
                <Trans>Now</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {changes.map((change) => (
              <tr key={change.label}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {change.label}
                </th>
                <td className="py-2 pr-3 text-slate-500 line-through decoration-slate-300">{change.before}</td>
                <td className="py-2 font-medium text-slate-900">{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>The figures you saved were already in force.</Trans>
        </p>
      )}
    </DoneModal>
  );
}
