import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentRequestDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { paymentRequestQueryOptions, simulateQrScan } from '../api/wallet-api';

/**
 * A QR top-up on the open page: the code (rendered by the server from the provider's QR string), and the
 * page moves on by itself when the payment completes (QR_PAYMENT_COMPLETED refetches this request). Test
 * environments offer "simulate scan" (Xendit's test-mode call; refused in production).
 */
export function QrTopUp({ request, onClose }: { request: PaymentRequestDto; onClose: () => void }) {
  const { t } = useLingui();
  const amount = formatMoney(request.amountInCents);
  const current = useQuery({ ...paymentRequestQueryOptions(request.id), initialData: request });
  const [simulating, setSimulating] = useState(false);
  const status = current.data.status;
  if (status === 'SUCCEEDED' || status === 'COMPLETED') {
    return (
      <div role="status" className="rounded-lg border border-teal-200 bg-teal-50 p-4 text-sm text-teal-900">
        <Trans>QR payment of {amount} received. Your balance is updated.</Trans>
        <Button variant="link" size="sm" onClick={onClose} className="ml-2">
          <Trans>Done</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 p-4">
      <p className="text-sm text-slate-700">
        <Trans>Scan to pay {amount}</Trans>
      </p>
      <img src={`/api/payments/requests/${request.id}/qr.svg`} alt={t`QR Ph code to scan`} width={220} height={220} />
      <p className="text-xs text-slate-500">
        {status === 'EXPIRED' ? <Trans>This code has expired. Start a new top-up.</Trans> : <Trans>Waiting for the payment…</Trans>}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={simulating}
          onClick={async () => {
            setSimulating(true);
            try {
              await simulateQrScan(request.id);
            } finally {
              setSimulating(false);
            }
          }}
        >
          <Trans>Simulate scan</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
