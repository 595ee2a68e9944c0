import type { CourierDto } from '@hatid/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateConsolidation } from '../api/consolidations';
import { AirportSelect } from './airport-select';

/** Open a consolidation: the airport pair (and, if known, the carrier and its master air waybill number). */
export function NewConsolidationModal({ carriers, onClose }: { carriers: CourierDto[]; onClose: () => void }) {
  const create = useCreateConsolidation();
  const navigate = useNavigate();
  const [values, setValues] = useState({ senderAirport: 'MNL', receiverAirport: '', courierId: '', masterAwbNumber: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    try {
      const created = await create.mutateAsync({
        senderAirport: values.senderAirport,
        receiverAirport: values.receiverAirport,
        courierId: values.courierId || null,
        masterAwbNumber: values.masterAwbNumber || null,
      });
      toast.success('Consolidation opened', { description: created.tag });
      onClose();
      void navigate({ to: '/consolidations/$tag', params: { tag: created.tag } });
    } catch (error) {
      if (isApiError(error) && error.details?.length) setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.message])));
      else setProblem(errorMessage(error));
    }
  };

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="New consolidation"
      description="Shipments waiting at the origin hub for this airport pair can then be scanned in."
      submitLabel="Open consolidation"
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="From airport" error={errors.senderAirport}>
          {(control) => <AirportSelect {...control} value={values.senderAirport} onChange={set('senderAirport')} />}
        </FormField>
        <FormField label="To airport" error={errors.receiverAirport}>
          {(control) => <AirportSelect {...control} value={values.receiverAirport} onChange={set('receiverAirport')} />}
        </FormField>
        <FormField label="Carrier" optional error={errors.courierId}>
          {(control) => (
            <select {...control} value={values.courierId} onChange={set('courierId')} className={inputClasses}>
              <option value="">Choose later</option>
              {carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Master air waybill" optional error={errors.masterAwbNumber}>
          {(control) => <Input {...control} value={values.masterAwbNumber} onChange={set('masterAwbNumber')} autoComplete="off" className="uppercase" />}
        </FormField>
      </div>
    </FormModal>
  );
}
