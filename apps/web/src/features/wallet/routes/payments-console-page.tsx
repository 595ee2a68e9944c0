import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { FlagDto, PaymentRequestDto } from '@hatid/domain';
import { Card, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../console/components/page-header';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useAccess } from '../../../lib/ability';
import { flagsQueryOptions } from '../api/wallet-api';

interface FlaggedPage {
  data: (PaymentRequestDto & { userId: string })[];
  total: number;
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** Staff: payments held because the amount paid differs from the amount asked; admins: the payment flags. */
export function PaymentsConsolePage() {
  const { t } = useLingui();
  const { ability } = useAccess();
  const flagged = useQuery({
    queryKey: ['payments', 'flagged'],
    queryFn: ({ signal }) => api.get<FlaggedPage>('/payments/flagged', { query: { page: 1, limit: 50 }, signal, responseType: 'body' }),
  });
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t`Payments`} description={t`Payments held for staff, and which payment options are switched on.`} />
      <Card className="overflow-x-auto">
        <CardTitle>
          <Trans>Flagged payments</Trans>
        </CardTitle>
        {flagged.data?.data.length ? (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">
                  <Trans>When</Trans>
                </th>
                <th className="py-1 pr-3 font-medium">
                  <Trans>For</Trans>
                </th>
                <th className="py-1 pr-3 font-medium">
                  <Trans>Asked</Trans>
                </th>
                <th className="py-1 pr-3 font-medium">
                  <Trans>Paid</Trans>
                </th>
                <th className="py-1 font-medium">
                  <Trans>Why held</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {flagged.data.data.map((p) => (
                <tr key={p.id} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{when(p.paidAt)}</td>
                  <td className="py-1 pr-3">{p.purpose === 'wallet_top_up' ? <Trans>Wallet top-up</Trans> : <Trans>Shipment payment</Trans>}</td>
                  <td className="py-1 pr-3">{formatMoney(p.amountInCents)}</td>
                  <td className="py-1 pr-3">{p.paidAmountInCents === null ? '—' : formatMoney(p.paidAmountInCents)}</td>
                  <td className="py-1">{p.flagReason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{flagged.isSuccess ? <Trans>No payment is held.</Trans> : <Trans>Loading…</Trans>}</p>
        )}
      </Card>
      <FlagsCard editable={ability.can('manage', 'all')} />
    </div>
  );
}

function FlagsCard({ editable }: { editable: boolean }) {
  const { t } = useLingui();
  const flags = useQuery(flagsQueryOptions());
  const queryClient = useQueryClient();
  async function toggle(flag: FlagDto, set: 'testValue' | 'productionValue') {
    try {
      await api.patch(`/flags/${flag.key}`, { [set]: !flag[set] });
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
      const key = flag.key;
      if (set === 'testValue') toast.success(flag[set] ? t`${key}: test off` : t`${key}: test on`);
      else toast.success(flag[set] ? t`${key}: production off` : t`${key}: production on`);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  }
  return (
    <Card>
      <CardTitle>
        <Trans>Payment options (remote flags)</Trans>
      </CardTitle>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">
              <Trans>Option</Trans>
            </th>
            <th className="py-1 pr-3 font-medium">
              <Trans>Test</Trans>
            </th>
            <th className="py-1 pr-3 font-medium">
              <Trans>Production</Trans>
            </th>
            <th className="py-1 font-medium">
              <Trans>Now</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {(flags.data ?? []).map((flag) => {
            const key = flag.key;
            return (
              <tr key={flag.key} className="border-t border-slate-100">
                <td className="py-1 pr-3">{flag.description ?? flag.key}</td>
                {(['testValue', 'productionValue'] as const).map((set) => (
                  <td key={set} className="py-1 pr-3">
                    <input
                      type="checkbox"
                      aria-label={set === 'testValue' ? t`${key} test` : t`${key} production`}
                      checked={flag[set]}
                      disabled={!editable}
                      onChange={() => toggle(flag, set)}
                      className="accent-teal-700"
                    />
                  </td>
                ))}
                <td className="py-1">{flag.enabled ? <Trans>On</Trans> : <Trans>Off</Trans>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
