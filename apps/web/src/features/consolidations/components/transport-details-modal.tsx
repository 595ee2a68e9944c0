import type { ConsolidationShipmentDto, CourierDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useTransportDetails } from '../api/consolidations';

/** "2026-11-22T08:00" in Manila for a datetime-local input, and back to an ISO instant. */
const toLocal = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 16) : '');
const fromLocal = (local: string) => (local ? `${local}:00+08:00` : null);

/** One shipment's carrier, flight or voyage number, departure and arrival (Philippine time). */
export function TransportDetailsModal({ line, carriers, onClose }: { line: ConsolidationShipmentDto; carriers: CourierDto[]; onClose: () => void }) {
  const { t } = useLingui();
  const save = useTransportDetails();
  const [values, setValues] = useState({
    carrierId: line.carrier?.id ?? '',
    flightNumber: line.flightNumber ?? '',
    departureAt: toLocal(line.departureAt),
    arrivalAt: toLocal(line.arrivalAt),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    try {
      await save.mutateAsync({
        shipmentId: line.shipmentId,
        input: {
          carrierId: values.carrierId || null,
          flightNumber: values.flightNumber || null,
          departureAt: fromLocal(values.departureAt),
          arrivalAt: fromLocal(values.arrivalAt),
        },
      });
      toast.success(t`Transport details saved`, { description: line.trackingNumber });
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
      title={t`Transport details of ${line.trackingNumber}`}
      description={t`Times are Philippine time.`}
      submitLabel={t`Save`}
      pending={save.isPending}
      problem={problem}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Carrier`} error={errors.carrierId}>
          {(control) => (
            <select {...control} value={values.carrierId} onChange={set('carrierId')} className={inputClasses}>
              <option value="">{t`Not set`}</option>
              {carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Flight or voyage number`} error={errors.flightNumber}>
          {(control) => <Input {...control} value={values.flightNumber} onChange={set('flightNumber')} autoComplete="off" className="uppercase" />}
        </FormField>
        <FormField label={t`Departure`} error={errors.departureAt}>
          {(control) => <Input {...control} type="datetime-local" value={values.departureAt} onChange={set('departureAt')} />}
        </FormField>
        <FormField label={t`Arrival`} error={errors.arrivalAt}>
          {(control) => <Input {...control} type="datetime-local" value={values.arrivalAt} onChange={set('arrivalAt')} />}
        </FormField>
      </div>
    </FormModal>
  );
}
