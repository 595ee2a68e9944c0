import { COURIER_CATEGORIES, type ShipmentDto } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { FormField } from '../../../../components/ui/form-field';
import { inputClasses, textareaClasses } from '../../../../components/ui/input';
import { FormModal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/api-client';
import { useUpdateShipment, type CourierCategory, type UpdateShipmentInput } from '../../api/update-shipment';

const CATEGORY_LABELS: Record<CourierCategory, MessageDescriptor> = { air: msg`Air`, sea: msg`Sea`, land: msg`Land`, last_mile: msg`Last mile` };

/**
 * Edit what the console may change on a booked shipment (PUT /shipments/{id}): the delivery category,
 * the notes and, for those who manage shipments, the outbound fee owed to the partner.
 */
export function EditShipmentDialog({
  shipment,
  open,
  onOpenChange,
  canSetOutboundFee,
}: {
  shipment: ShipmentDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canSetOutboundFee: boolean;
}) {
  const { t, i18n } = useLingui();
  const update = useUpdateShipment();
  const trackingNumber = shipment.trackingNumber;
  const [notes, setNotes] = useState(shipment.notes ?? '');
  const [category, setCategory] = useState<string>('');
  const [fee, setFee] = useState(String(shipment.outboundFeeInCents / 100));
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Edit ${trackingNumber}`}
      description={t`Only what you change is saved.`}
      submitLabel={t`Save changes`}
      pending={update.isPending}
      problem={problem}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(null);
        const input: UpdateShipmentInput = {};
        if (notes.trim() !== (shipment.notes ?? '')) input.notes = notes.trim() || null;
        if (category) input.deliveryCategory = category === 'none' ? null : (category as CourierCategory);
        if (canSetOutboundFee) {
          const pesos = Number(fee);
          if (!Number.isFinite(pesos) || pesos < 0) return setProblem(t`Enter the outbound fee in pesos (0 or more)`);
          const cents = Math.round(pesos * 100);
          if (cents !== shipment.outboundFeeInCents) input.outboundFeeInCents = cents;
        }
        if (Object.keys(input).length === 0) return setProblem(t`Nothing to change`);
        try {
          await update.mutateAsync({ id: shipment.id, input });
          toast.success(t`Shipment updated`, { description: shipment.trackingNumber });
          onOpenChange(false);
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }}
    >
      <FormField label={t`Delivery category`}>
        {(control) => (
          <select id={control.id} className={inputClasses} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t`Keep as it is`}</option>
            {COURIER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {i18n._(CATEGORY_LABELS[c])}
              </option>
            ))}
            <option value="none">{t`None`}</option>
          </select>
        )}
      </FormField>
      {canSetOutboundFee ? (
        <FormField label={t`Outbound fee (₱)`}>
          {(control) => (
            <input
              id={control.id}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              className={inputClasses}
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              onWheel={(event) => event.currentTarget.blur()}
            />
          )}
        </FormField>
      ) : null}
      <FormField label={t`Notes`}>
        {(control) => (
          <textarea id={control.id} rows={3} maxLength={1024} value={notes} onChange={(event) => setNotes(event.target.value)} className={textareaClasses} />
        )}
      </FormField>
    </FormModal>
  );
}
