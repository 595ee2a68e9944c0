import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { formatMoney, type FlagDto, type PaymentRequestDto } from '@hatid/domain';
import { Card, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../console/components/page-header';
import { api, isApiError } from '../../../lib/api-client';
import { useAccess } from '../../../lib/ability';
import { flagsQueryOptions } from '../api/wallet-api';

interface FlaggedPage {
  data: (PaymentRequestDto & { userId: string })[];
  total: number;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' }) : '—');

/** Staff: payments held because the amount paid differs from the amount asked; admins: the payment flags. */
export function PaymentsConsolePage() {
  const { ability } = useAccess();
  const flagged = useQuery({
    queryKey: ['payments', 'flagged'],
    queryFn: ({ signal }) => api.get<FlaggedPage>('/payments/flagged', { query: { page: 1, limit: 50 }, signal, responseType: 'body' }),
  });
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Payments" description="Payments held for staff, and which payment options are switched on." />
      <Card className="overflow-x-auto">
        <CardTitle>Flagged payments</CardTitle>
        {flagged.data?.data.length ? (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">When</th>
                <th className="py-1 pr-3 font-medium">For</th>
                <th className="py-1 pr-3 font-medium">Asked</th>
                <th className="py-1 pr-3 font-medium">Paid</th>
                <th className="py-1 font-medium">Why held</th>
              </tr>
            </thead>
            <tbody>
              {flagged.data.data.map((p) => (
                <tr key={p.id} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{when(p.paidAt)}</td>
                  <td className="py-1 pr-3">{p.purpose === 'wallet_top_up' ? 'Wallet top-up' : 'Shipment payment'}</td>
                  <td className="py-1 pr-3">{formatMoney(p.amountInCents)}</td>
                  <td className="py-1 pr-3">{p.paidAmountInCents === null ? '—' : formatMoney(p.paidAmountInCents)}</td>
                  <td className="py-1">{p.flagReason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{flagged.isSuccess ? 'No payment is held.' : 'Loading…'}</p>
        )}
      </Card>
      <FlagsCard editable={ability.can('manage', 'all')} />
    </div>
  );
}

function FlagsCard({ editable }: { editable: boolean }) {
  const flags = useQuery(flagsQueryOptions());
  const queryClient = useQueryClient();
  async function toggle(flag: FlagDto, set: 'testValue' | 'productionValue') {
    try {
      await api.patch(`/flags/${flag.key}`, { [set]: !flag[set] });
      void queryClient.invalidateQueries({ queryKey: ['flags'] });
      toast.success(`${flag.key}: ${set === 'testValue' ? 'test' : 'production'} ${flag[set] ? 'off' : 'on'}`);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'The flag could not be changed');
    }
  }
  return (
    <Card>
      <CardTitle>Payment options (remote flags)</CardTitle>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Option</th>
            <th className="py-1 pr-3 font-medium">Test</th>
            <th className="py-1 pr-3 font-medium">Production</th>
            <th className="py-1 font-medium">Now</th>
          </tr>
        </thead>
        <tbody>
          {(flags.data ?? []).map((flag) => (
            <tr key={flag.key} className="border-t border-slate-100">
              <td className="py-1 pr-3">{flag.description ?? flag.key}</td>
              {(['testValue', 'productionValue'] as const).map((set) => (
                <td key={set} className="py-1 pr-3">
                  <input
                    type="checkbox"
                    aria-label={`${flag.key} ${set === 'testValue' ? 'test' : 'production'}`}
                    checked={flag[set]}
                    disabled={!editable}
                    onChange={() => toggle(flag, set)}
                    className="accent-teal-700"
                  />
                </td>
              ))}
              <td className="py-1">{flag.enabled ? 'On' : 'Off'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
