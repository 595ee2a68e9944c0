import { BILLING_TYPES, createBillingBody, type BillingDetailDto, type BillingType, type CreateBillingInput } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formProblemOf } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useBillableBusinesses, useBillingCustomers, useCreateBilling } from '../api/billings';
import { shipmentCount } from '../lib/billing-actions';
import { BILLING_TYPE_NAMES } from './billing-columns';

/** The add billing form: a payable billing is for a client (business) or a customer; a receivable one for a client. */
interface AddBillingValues {
  billingType: BillingType;
  billTo: 'business' | 'customer';
  businessId: string;
  customerId: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  notes: string;
}

type Field = keyof AddBillingValues;
const FIELDS: readonly Field[] = ['billingType', 'businessId', 'customerId', 'periodStart', 'periodEnd', 'dueDate', 'notes'];

/** The API's body from the form: blanks are absent, and only the chosen party is sent. */
function inputOf(values: AddBillingValues): Record<string, unknown> {
  const toBusiness = values.billingType === 'receivable' || values.billTo === 'business';
  const out: Record<string, unknown> = { billingType: values.billingType, periodStart: values.periodStart.trim(), periodEnd: values.periodEnd.trim() };
  if (toBusiness && values.businessId) out.businessId = values.businessId;
  if (!toBusiness && values.customerId) out.customerId = values.customerId;
  if (values.dueDate.trim()) out.dueDate = values.dueDate.trim();
  if (values.notes.trim()) out.notes = values.notes.trim();
  return out;
}

/** The API's field a message is about, on the form: the party's message goes on whichever picker is shown. */
const fieldOf =
  (values: AddBillingValues) =>
  (apiField: string): Field | null => {
    const field = apiField.replace(/^(body|query)\./, '').split('.')[0] ?? '';
    if (field === 'businessId' || field === 'customerId') return values.billingType === 'payable' && values.billTo === 'customer' ? 'customerId' : 'businessId';
    return (FIELDS as readonly string[]).includes(field) ? (field as Field) : null;
  };

const resolver: Resolver<AddBillingValues, unknown, CreateBillingInput> = async (values) => {
  const errors: FieldErrors<AddBillingValues> = {};
  const set = (field: Field, message: string) => {
    if (!errors[field]) errors[field] = { type: 'validate', message };
  };
  if (!values.periodStart.trim()) set('periodStart', t`Choose the first day of the period`);
  if (!values.periodEnd.trim()) set('periodEnd', t`Choose the last day of the period`);
  // The schema's party checks run only once the dates are right: say it now too.
  const toCustomer = values.billingType === 'payable' && values.billTo === 'customer';
  if (toCustomer && !values.customerId) set('customerId', t`Choose a customer from the list`);
  if (!toCustomer && !values.businessId) set('businessId', t`Choose a client from the list`);
  const parsed = createBillingBody.safeParse(inputOf(values));
  if (!parsed.success) {
    const place = fieldOf(values);
    for (const issue of parsed.error.issues) {
      const field = place(String(issue.path[0] ?? ''));
      if (field) set(field, issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { values: {}, errors };
  return { values: parsed.data, errors: {} };
};

/**
 * Add billing: receivable (a client on an invoice account pays us for the shipments it booked on account)
 * or payable (we pay a client or customer the cash collected on delivery for it), for a period of Manila
 * days; the server gathers the period's shipments. The due date is optional (the period's end plus the
 * client's payment terms).
 */
export function AddBillingModal({ onClose, onCreated }: { onClose: () => void; onCreated?: (billing: BillingDetailDto) => void }) {
  const create = useCreateBilling();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<AddBillingValues, unknown, CreateBillingInput>({
    resolver,
    defaultValues: { billingType: 'receivable', billTo: 'business', businessId: '', customerId: '', periodStart: '', periodEnd: '', dueDate: '', notes: '' },
  });
  const errors = form.formState.errors;
  const [billingType, billTo, periodStart, periodEnd] = useWatch({ control: form.control, name: ['billingType', 'billTo', 'periodStart', 'periodEnd'] });
  const toCustomer = billingType === 'payable' && billTo === 'customer';
  const businesses = useBillableBusinesses(true);
  const customers = useBillingCustomers(toCustomer);
  // A receivable billing is only for a client on an invoice account.
  const clientOptions = (businesses.data ?? []).filter((b) => billingType === 'payable' || b.invoiceAccount.invoiceBillingEnabled);

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const saved = await create.mutateAsync(input);
      toast.success(t`Billing created`, {
        description: `${saved.businessName ?? saved.customerName}: ${shipmentCount(saved.shipmentCount)}, ${formatMoney(saved.totalInCents)}`,
      });
      onCreated?.(saved);
      onClose();
    } catch (error) {
      const line = formProblemOf(error, form.setError, fieldOf(form.getValues()));
      if (line) setProblem(line);
    }
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Add billing`}
      description={t`The shipments of the period are gathered into the billing.`}
      size="lg"
      submitLabel={t`Add billing`}
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField label={t`Type`} error={errors.billingType?.message}>
        {(control) => (
          <select {...control} {...form.register('billingType')} className={inputClasses}>
            {BILLING_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(BILLING_TYPE_NAMES[type])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {billingType === 'payable' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">
            <Trans>Pay</Trans>
          </legend>
          <div className="flex flex-wrap gap-4 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input type="radio" value="business" className="h-4 w-4 accent-teal-700" {...form.register('billTo')} />
              <Trans>A client (business)</Trans>
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="customer" className="h-4 w-4 accent-teal-700" {...form.register('billTo')} />
              <Trans>A customer</Trans>
            </label>
          </div>
        </fieldset>
      ) : null}
      {toCustomer ? (
        <FormField
          label={t({ message: 'Customer', context: 'billed person' })}
          error={errors.customerId?.message ?? (customers.isError ? errorMessage(customers.error) : undefined)}
        >
          {(control) => (
            <select {...control} {...form.register('customerId')} className={inputClasses}>
              <option value="">{customers.isPending ? t`Loading…` : t`Choose a customer`}</option>
              {(customers.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <FormField
          label={t`Client`}
          hint={billingType === 'receivable' ? t`Clients on an invoice account.` : undefined}
          error={errors.businessId?.message ?? (businesses.isError ? errorMessage(businesses.error) : undefined)}
        >
          {(control) => (
            <select {...control} {...form.register('businessId')} className={inputClasses}>
              <option value="">
                {businesses.isPending ? t`Loading…` : clientOptions.length === 0 ? t`No client on an invoice account` : t`Choose a client`}
              </option>
              {clientOptions.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Period from`} error={errors.periodStart?.message}>
          {(control) => <Input {...control} {...form.register('periodStart')} type="date" max={periodEnd || undefined} />}
        </FormField>
        <FormField label={t`Period to`} error={errors.periodEnd?.message}>
          {(control) => <Input {...control} {...form.register('periodEnd')} type="date" min={periodStart || undefined} />}
        </FormField>
      </div>
      <FormField label={t`Due date`} optional hint={t`Blank: the end of the period plus the client's payment terms.`} error={errors.dueDate?.message}>
        {(control) => <Input {...control} {...form.register('dueDate')} type="date" min={periodEnd || undefined} />}
      </FormField>
      <FormField label={t`Notes`} optional error={errors.notes?.message}>
        {(control) => <textarea {...control} {...form.register('notes')} rows={2} maxLength={1000} className={textareaClasses} />}
      </FormField>
    </FormModal>
  );
}
