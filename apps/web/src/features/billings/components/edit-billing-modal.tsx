import { updateBillingBody, type BillingDto, type UpdateBillingInput } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { useUpdateBilling } from '../api/billings';
import { useFormSave } from '../../console/components/use-form-save';
import { billingName } from './billing-row-menu';

interface EditBillingValues {
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  notes: string;
}
type Field = keyof EditBillingValues;
const FIELDS: readonly Field[] = ['periodStart', 'periodEnd', 'dueDate', 'notes'];

/** A new period gathers the shipments again: only while nothing has been paid and no invoice is live. */
export const mayChangePeriod = (b: Pick<BillingDto, 'amountPaidInCents' | 'invoiceNumber'>) => b.amountPaidInCents === 0 && !b.invoiceNumber;

/** Only what changed is sent; an emptied due date or notes is cleared (null). */
function changesOf(billing: BillingDto, values: EditBillingValues): UpdateBillingInput {
  const out: UpdateBillingInput = {};
  if (mayChangePeriod(billing)) {
    if (values.periodStart && values.periodStart !== billing.periodStart) out.periodStart = values.periodStart;
    if (values.periodEnd && values.periodEnd !== billing.periodEnd) out.periodEnd = values.periodEnd;
  }
  const dueDate = values.dueDate.trim() || null;
  if (dueDate !== (billing.dueDate?.slice(0, 10) ?? null)) out.dueDate = dueDate;
  const notes = values.notes.trim() || null;
  if (notes !== (billing.notes ?? null)) out.notes = notes;
  return out;
}

const fieldOf = (apiField: string): Field | null => {
  const field = apiField.replace(/^(body|query)\./, '').split('.')[0] ?? '';
  return (FIELDS as readonly string[]).includes(field) ? (field as Field) : null;
};

/**
 * Edit a billing: its notes, due date and (while nothing is paid and no invoice is live) its period, which
 * gathers the shipments again. The status moves from the row menu.
 */
export function EditBillingModal({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateBilling();
  const periodOpen = mayChangePeriod(billing);
  const resolver: Resolver<EditBillingValues, unknown, UpdateBillingInput> = async (values) => {
    const errors: FieldErrors<EditBillingValues> = {};
    if (periodOpen && !values.periodStart) errors.periodStart = { type: 'validate', message: t`Choose the first day of the period` };
    if (periodOpen && !values.periodEnd) errors.periodEnd = { type: 'validate', message: t`Choose the last day of the period` };
    const input = changesOf(billing, values);
    const parsed = updateBillingBody.safeParse({ periodStart: values.periodStart || undefined, periodEnd: values.periodEnd || undefined, ...input });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(String(issue.path[0] ?? ''));
        if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
      }
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: input, errors: {} };
  };
  const form = useForm<EditBillingValues, unknown, UpdateBillingInput>({
    resolver,
    defaultValues: { periodStart: billing.periodStart, periodEnd: billing.periodEnd, dueDate: billing.dueDate?.slice(0, 10) ?? '', notes: billing.notes ?? '' },
  });
  const errors = form.formState.errors;
  const [periodStart, periodEnd] = useWatch({ control: form.control, name: ['periodStart', 'periodEnd'] });

  const { problem, save } = useFormSave({ setError: form.setError, fieldOf, onSaved: onClose });

  const onSubmit = form.handleSubmit((input) =>
    save(Object.keys(input).length === 0, async () => {
      await update.mutateAsync({ id: billing.id, input });
      return { title: t`Billing updated`, description: billingName(billing) };
    }),
  );

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Edit billing`}
      description={billingName(billing)}
      submitLabel={t`Save changes`}
      pending={update.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Period from`} error={errors.periodStart?.message}>
          {(control) => <Input {...control} {...form.register('periodStart')} type="date" max={periodEnd || undefined} disabled={!periodOpen} />}
        </FormField>
        <FormField label={t`Period to`} error={errors.periodEnd?.message}>
          {(control) => <Input {...control} {...form.register('periodEnd')} type="date" min={periodStart || undefined} disabled={!periodOpen} />}
        </FormField>
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        {periodOpen ? t`A new period gathers its shipments again.` : t`The period is fixed once something is paid or an invoice is issued.`}
      </p>
      <FormField label={t`Due date`} optional hint={t`Empty clears it.`} error={errors.dueDate?.message}>
        {(control) => <Input {...control} {...form.register('dueDate')} type="date" />}
      </FormField>
      <FormField label={t`Notes`} optional hint={t`Empty clears them.`} error={errors.notes?.message}>
        {(control) => <textarea {...control} {...form.register('notes')} rows={3} maxLength={1000} className={textareaClasses} />}
      </FormField>
    </FormModal>
  );
}
