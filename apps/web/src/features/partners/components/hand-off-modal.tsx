import { COURIER_CATEGORY_LABELS, type ShipmentDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { api, errorMessage, isApiError } from '../../../lib/api-client';
import { useActiveCouriers } from '../../couriers/api/couriers';

const MILES = [
  ['last', msg`Last mile (delivery)`],
  ['mid', msg`Mid mile (line haul)`],
  ['first', msg`First mile (pickup)`],
] as const;

/** Hand a partner's shipment to a courier: POST /shipment-miles/{trackingNumber}/hand-off (courier on the mile + a note). */
export function HandOffModal({ shipment, onClose }: { shipment: ShipmentDto; onClose: () => void }) {
  const { t } = useLingui();
  const couriers = useActiveCouriers();
  const queryClient = useQueryClient();
  const handOff = useMutation({
    mutationFn: (body: { courierId: string; mile: string; courierReference?: string; note?: string }) =>
      api.post(`/shipment-miles/${encodeURIComponent(shipment.trackingNumber)}/hand-off`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['shipment-miles'] }),
  });
  const [values, setValues] = useState({ courierId: '', mile: 'last', courierReference: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    if (!values.courierId) {
      setErrors({ courierId: t`Choose a courier from the list` });
      return;
    }
    try {
      await handOff.mutateAsync({
        courierId: values.courierId,
        mile: values.mile,
        ...(values.courierReference.trim() ? { courierReference: values.courierReference.trim() } : {}),
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
      });
      toast.success(t`Hand-off recorded`, { description: shipment.trackingNumber });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.details?.length) setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.message])));
      else setProblem(errorMessage(error));
    }
  };

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Hand off ${shipment.trackingNumber}`}
      description={t`Recorded on the shipment's mile with a note; the delivery status does not change.`}
      submitLabel={t`Record hand-off`}
      pending={handOff.isPending}
      problem={problem}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Courier`} error={errors.courierId}>
          {(control) => (
            <select {...control} value={values.courierId} onChange={set('courierId')} className={inputClasses}>
              <option value="">{t`Choose a courier`}</option>
              {(couriers.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({COURIER_CATEGORY_LABELS[c.category]})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Leg`} error={errors.mile}>
          {(control) => (
            <select {...control} value={values.mile} onChange={set('mile')} className={inputClasses}>
              {MILES.map(([mile, label]) => (
                <option key={mile} value={mile}>
                  {i18n._(label)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Courier's reference`} optional error={errors.courierReference}>
          {(control) => <Input {...control} value={values.courierReference} onChange={set('courierReference')} autoComplete="off" />}
        </FormField>
        <FormField label={t`Note`} optional error={errors.note}>
          {(control) => <Input {...control} value={values.note} onChange={set('note')} autoComplete="off" />}
        </FormField>
      </div>
    </FormModal>
  );
}
