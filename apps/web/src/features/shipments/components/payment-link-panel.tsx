import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { PaymentRequestDto, ShipmentDto } from '@hatid/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { errorMessage, fieldErrorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { activePaymentLinkQueryOptions, createPaymentLink, expirePaymentLink } from '../api/payment-links';
import { shipmentQueryKey } from '../api/get-shipment';

// The server's first field problem, else its answer, in the reader's language.
const problemOf = (e: unknown) => (isApiError(e) && e.details?.[0] ? fieldErrorMessage(e.details[0]) : errorMessage(e));

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
      <CardTitle id="payment-link-title">
        <Trans>Payment link</Trans>
      </CardTitle>
      {link.data ? (
        <LinkDetails link={link.data} staff={staff} onExpired={() => void refresh()} />
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>No active payment link.</Trans>
        </p>
      )}
      {staff && payable ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          <Trans>Generate payment link</Trans>
        </Button>
      ) : null}
      {open ? <GeneratePaymentLinkModal shipment={shipment} onDone={() => void refresh()} onOpenChange={setOpen} /> : null}
    </Card>
  );
}

/** The active link: its amount and expiry, a button to pay it, and for staff copy and expire. */
function LinkDetails({ link, staff, onExpired }: { link: PaymentRequestDto; staff: boolean; onExpired: () => void }) {
  const { t } = useLingui();
  const amount = formatMoney(link.amountInCents);
  const until = link.expiresAt ? formatDateTime(link.expiresAt) : null;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p>
        {amount} · {until ? <Trans>valid until {until}</Trans> : <Trans>no expiry date</Trans>}
      </p>
      <div className="flex flex-wrap gap-2">
        {link.checkoutUrl ? (
          <a
            className="inline-flex min-h-8 items-center rounded-md bg-teal-700 px-3 py-1 text-sm font-medium text-white hover:bg-teal-800"
            href={link.checkoutUrl}
          >
            <Trans>Pay {amount} now</Trans>
          </a>
        ) : null}
        {staff && link.checkoutUrl ? <CopyButton value={new URL(link.checkoutUrl, window.location.origin).toString()} label={t`Copy link`} /> : null}
        {staff ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              expirePaymentLink(link.id).then(
                () => {
                  toast.success(t`Payment link expired`);
                  onExpired();
                },
                (e) => toast.error(problemOf(e)),
              )
            }
          >
            <Trans>Expire</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Staff: a link for what is unpaid (or a smaller amount), valid for the hours given (72 by default). */
function GeneratePaymentLinkModal({ shipment, onDone, onOpenChange }: { shipment: ShipmentDto; onDone: () => void; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const trackingNumber = shipment.trackingNumber;
  const [pesos, setPesos] = useState('');
  const [hours, setHours] = useState('72');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormModal
      open
      onOpenChange={onOpenChange}
      title={t`Generate payment link`}
      description={t`For ${trackingNumber}. A new link replaces the active one.`}
      submitLabel={t`Generate`}
      pending={pending}
      problem={problem}
      onSubmit={async (event) => {
        event.preventDefault();
        const amount = pesos.trim() === '' ? undefined : Math.round(Number(pesos) * 100);
        if (amount !== undefined && (!Number.isFinite(amount) || amount <= 0))
          return setProblem(t`Enter an amount in pesos, or leave it empty for what is unpaid`);
        setPending(true);
        try {
          await createPaymentLink({ shipmentId: shipment.id, ...(amount ? { amountInCents: amount } : {}), expiresInHours: Number(hours) || 72 });
          toast.success(t`Payment link generated`);
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
        <span className="font-medium text-slate-800">
          <Trans>Amount (₱), empty for what is unpaid</Trans>
        </span>
        <Input inputMode="decimal" value={pesos} onChange={(e) => setPesos(e.target.value)} placeholder={(shipment.totalInCents / 100).toFixed(2)} />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-800">
          <Trans>Valid for (hours)</Trans>
        </span>
        <Input inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />
      </label>
    </FormModal>
  );
}
