import type { ShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { Spinner } from '../../../../components/ui/spinner';
import { ConfirmActionDialog } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import { duplicateQuoteQueryOptions, useDuplicateShipment } from '../../api/duplicate-shipment';

/**
 * Duplicate confirmation: the same parties and packages booked again at today's price, which is quoted
 * first and shown, so the person confirms the total they are charged (the server checks it).
 */
export function DuplicateShipmentDialog({
  shipment,
  open,
  onOpenChange,
  carriesFees,
}: {
  shipment: ShipmentDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Staff carry the staff-entered fees over (the server does the same). */
  carriesFees: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const trackingNumber = shipment.trackingNumber;
  const quote = useQuery({ ...duplicateQuoteQueryOptions(shipment, carriesFees), enabled: open });
  const duplicate = useDuplicateShipment();
  const [problem, setProblem] = useState<string | null>(null);
  // One key per confirmation: a double click or a retry books once.
  const key = useRef(crypto.randomUUID());

  return (
    <ConfirmActionDialog
      kind="duplicate"
      what={t`shipment ${trackingNumber}`}
      description={t`A new shipment with the same sender, receiver, packages, service and payer is booked at today's price. Promo codes are not carried over.`}
      open={open}
      onOpenChange={(next) => {
        if (!next) setProblem(null);
        onOpenChange(next);
      }}
      pending={duplicate.isPending}
      confirmDisabled={!quote.data}
      onConfirm={async () => {
        if (!quote.data) return;
        setProblem(null);
        try {
          const booked = await duplicate.mutateAsync({
            trackingNumber: shipment.trackingNumber,
            expectedTotalInCents: quote.data.totalInCents,
            idempotencyKey: key.current,
          });
          key.current = crypto.randomUUID();
          const bookedNumber = booked.trackingNumber;
          toast.success(t`Shipment duplicated`, { description: t`New tracking number ${bookedNumber}` });
          onOpenChange(false);
          void navigate({ to: '/shipments/$trackingNumber', params: { trackingNumber: booked.trackingNumber } });
        } catch (error) {
          setProblem(errorMessage(error));
          void quote.refetch();
        }
      }}
    >
      {quote.isPending ? (
        <Spinner label={t`Pricing`} className="py-2" />
      ) : quote.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(quote.error)}
        </p>
      ) : (
        <p className="text-slate-800">
          <Trans>
            New total: <strong data-testid="duplicate-total">{formatMoney(quote.data.totalInCents)}</strong>
          </Trans>
          {quote.data.totalInCents !== shipment.totalInCents ? (
            <span className="text-slate-600">
              {' '}
              <Trans>(was {formatMoney(shipment.totalInCents)})</Trans>
            </span>
          ) : null}
        </p>
      )}
      {problem ? (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      ) : null}
    </ConfirmActionDialog>
  );
}
