import type { CourierDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateConsolidation } from '../api/consolidations';
import { AirportSelect } from './airport-select';

const FORM_FIELDS = ['senderAirport', 'receiverAirport', 'courierId', 'masterAwbNumber'] as const;

/**
 * A label that says what sealing needs: the consolidation opens without it, but cannot be sealed
 * (issue 29, item 4: "(optional)" made consolidators find out only at the seal).
 */
export function NeededToSeal({ children }: { children: string }) {
  return (
    <>
      {children}
      <span className="font-normal text-slate-500">
        {' '}
        <Trans>— needed to seal</Trans>
      </span>
    </>
  );
}

/** Open a consolidation: the airport pair (and, if known, the carrier and its master air waybill number). */
export function NewConsolidationModal({ carriers, onClose }: { carriers: CourierDto[]; onClose: () => void }) {
  const { t } = useLingui();
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
      toast.success(t`Consolidation opened`, { description: created.tag });
      onClose();
      void navigate({ to: '/consolidations/$tag', params: { tag: created.tag } });
    } catch (error) {
      // Each message under its field; one about anything else (a scanned number, say) on the problem line.
      const details = isApiError(error) ? (error.details ?? []) : [];
      const placed = details.filter((d) => (FORM_FIELDS as readonly string[]).includes(d.field));
      setErrors(Object.fromEntries(placed.map((d) => [d.field, d.message])));
      const rest = details.filter((d) => !placed.includes(d));
      if (rest.length) setProblem([...new Set(rest.map((d) => d.message))].join(' '));
      else if (!placed.length) setProblem(errorMessage(error));
    }
  };

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`New consolidation`}
      description={t`Shipments waiting at the origin hub for this airport pair can then be scanned in.`}
      submitLabel={t`Open consolidation`}
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`From airport`} error={errors.senderAirport}>
          {(control) => <AirportSelect {...control} value={values.senderAirport} onChange={set('senderAirport')} />}
        </FormField>
        <FormField label={t`To airport`} error={errors.receiverAirport}>
          {(control) => <AirportSelect {...control} value={values.receiverAirport} onChange={set('receiverAirport')} />}
        </FormField>
        <FormField
          label={<NeededToSeal>{t`Carrier`}</NeededToSeal>}
          error={errors.courierId}
          hint={
            carriers.length
              ? t`The airline flying it. You may choose it later, before sealing.`
              : t`No air carrier is active yet: staff add them on the Couriers screen.`
          }
        >
          {(control) => (
            <select {...control} value={values.courierId} onChange={set('courierId')} className={inputClasses}>
              <option value="">{t`Choose later`}</option>
              {carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={<NeededToSeal>{t`Master air waybill (MAWB)`}</NeededToSeal>}
          error={errors.masterAwbNumber}
          hint={t`The airline's number for the whole load, e.g. 079-12345675. You may add it later, before sealing.`}
        >
          {(control) => <Input {...control} value={values.masterAwbNumber} onChange={set('masterAwbNumber')} autoComplete="off" className="uppercase" />}
        </FormField>
      </div>
    </FormModal>
  );
}
