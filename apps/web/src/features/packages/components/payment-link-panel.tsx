import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { formatMoney, type ShipmentDto } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-client';
import { activePaymentLinkQueryOptions, createPaymentLink, expirePaymentLink } from '../api/payment-links';
import { shipmentQueryKey } from '../api/get-shipment';

const when = (iso: string) => new Date(iso).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });
const problemOf = (e: unknown) => (isApiError(e) ? (e.details?.[0]?.message ?? e.message) : 'Something went wrong. Please try again.');

/**
 * The shipment's payment link, if one is active: the customer pays it, staff copy or expire it and (when
 * something is unpaid) generate a new one ("generate payment link" modal).
 */
export function PaymentLinkPanel({ shipment, staff = false }: { shipment: ShipmentDto; staff?: boolean }) {
  const link = useQuery(activePaymentLinkQueryOptions(shipment.id, shipment.trackingNumber));
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: shipmentQueryKey(shipment.trackingNumber) });
  // A shipment booked on account is paid through its business's billing, never by its own link.
  const payable = shipment.status !== 'Cancelled' && shipment.paymentStatus !== 'Paid' && shipment.paymentMethod !== 'invoice';
  if (!link.data && !(staff && payable)) return null;

  return (
    <Card aria-labelledby="payment-link-title" className="flex flex-col gap-3">
      <CardTitle id="payment-link-title">Payment link</CardTitle>
      {link.data ? (
        <div className="flex flex-col gap-2 text-sm text-slate-700">
          <p>
            {formatMoney(link.data.amountInCents)} · valid until {link.data.expiresAt ? when(link.data.expiresAt) : '—'}
          </p>
          <div className="flex flex-wrap gap-2">
            {link.data.checkoutUrl ? (
              <a className="inline-flex h-8 items-center rounded-md bg-teal-700 px-3 text-sm font-medium text-white hover:bg-teal-800" href={link.data.checkoutUrl}>
                Pay {formatMoney(link.data.amountInCents)} now
              </a>
            ) : null}
            {staff && link.data.checkoutUrl ? <CopyButton value={new URL(link.data.checkoutUrl, window.location.origin).toString()} label="Copy link" /> : null}
            {staff ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  expirePaymentLink(link.data!.id).then(
                    () => {
                      toast.success('Payment link expired');
                      void refresh();
                    },
                    (e) => toast.error(problemOf(e)),
                  )
                }
              >
                Expire
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">No active payment link.</p>
      )}
      {staff && payable ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Generate payment link
        </Button>
      ) : null}
      {open ? <GeneratePaymentLinkModal shipment={shipment} onDone={() => void refresh()} onOpenChange={setOpen} /> : null}
    </Card>
  );
}

/** Staff: a link for what is unpaid (or a smaller amount), valid for the hours given (72 by default). */
function GeneratePaymentLinkModal({ shipment, onDone, onOpenChange }: { shipment: ShipmentDto; onDone: () => void; onOpenChange: (open: boolean) => void }) {
  const [pesos, setPesos] = useState('');
  const [hours, setHours] = useState('72');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormModal
      open
      onOpenChange={onOpenChange}
      title="Generate payment link"
      description={`For ${shipment.trackingNumber}. A new link replaces the active one.`}
      submitLabel="Generate"
      pending={pending}
      problem={problem}
      onSubmit={async (event) => {
        event.preventDefault();
        const amount = pesos.trim() === '' ? undefined : Math.round(Number(pesos) * 100);
        if (amount !== undefined && (!Number.isFinite(amount) || amount <= 0)) return setProblem('Enter an amount in pesos, or leave it empty for what is unpaid');
        setPending(true);
        try {
          await createPaymentLink({ shipmentId: shipment.id, ...(amount ? { amountInCents: amount } : {}), expiresInHours: Number(hours) || 72 });
          toast.success('Payment link generated');
          onDone();
          onOpenChange(false);
        } catch (e) {
          setProblem(problemOf(e));
        } finally {
          setPending(false);
        }
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-800">Amount (₱), empty for what is unpaid</span>
        <Input inputMode="decimal" value={pesos} onChange={(e) => setPesos(e.target.value)} placeholder={(shipment.totalInCents / 100).toFixed(2)} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-800">Valid for (hours)</span>
        <Input inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />
      </label>
    </FormModal>
  );
}
