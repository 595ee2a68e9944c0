import { formatMoney, MAX_FILE_SIZE_BYTES } from '@hatid/domain';
import { i18n as globalI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-client';
import { formProblemOf } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useChangeTransaction, type TransactionChange } from '../api/transactions';
import { MAX_META_ROWS, metaRowsOf, readMetaRows, sameMeta, type MetaRow, type MetaValue } from '../lib/meta-rows';
import type { PaymentRow } from './transaction-columns';

interface EditValues {
  remarks: string;
  meta: MetaRow[];
}
interface EditOutput {
  remarks: string;
  meta: Record<string, MetaValue>;
}

const resolver: Resolver<EditValues, unknown, EditOutput> = async (values) => {
  const errors: FieldErrors<EditValues> = {};
  const remarks = values.remarks.trim();
  if (remarks.length > 500) errors.remarks = { type: 'validate', message: globalI18n._(msg`Keep remarks to 500 characters`) };
  const meta = readMetaRows(values.meta);
  if (!meta.ok) {
    const rows: NonNullable<FieldErrors<EditValues>['meta']> = [];
    for (const [index, row] of Object.entries(meta.errors)) {
      rows[Number(index)] = {
        ...(row.key ? { key: { type: 'validate', message: row.key } } : {}),
        ...(row.value ? { value: { type: 'validate', message: row.value } } : {}),
      };
    }
    errors.meta = rows;
  }
  if (Object.keys(errors).length > 0 || !meta.ok) return { values: {} as Record<string, never>, errors };
  return { values: { remarks, meta: meta.meta }, errors: {} };
};

const PROOF_TYPES = 'image/jpeg,image/png,image/webp,image/heic,application/pdf';
const PROOF_FIELDS = new Set(['file', 'content', 'fileName', 'proofUploadId']);
const apiFieldOf = (field: string) => field.replace(/^(body|query|params)\./, '');

/** The domain's file refusals (FILE_TOO_LARGE_MESSAGE, UNSUPPORTED_FILE_MESSAGE), in the reader's language. */
function proofProblem(file: File): string | null {
  if (file.size > MAX_FILE_SIZE_BYTES) return globalI18n._(msg`The file is larger than 10 MB (10485760 bytes)`);
  if (file.type && !PROOF_TYPES.split(',').includes(file.type)) return globalI18n._(msg`Only images (JPEG, PNG, WebP, HEIC) and PDF files are accepted`);
  return null;
}

/**
 * Edit a payment: its remarks, its details (meta: names and values, replaced whole) and its proof of
 * payment. A voided payment keeps its details and proof as they were: only its remarks can change (the
 * server refuses the rest with 409). The amount and method never change: a wrong payment is voided and
 * recorded again.
 */
export function EditTransactionModal({ row, onClose }: { row: PaymentRow; onClose: () => void }) {
  const { t } = useLingui();
  const { transaction: payment, shipment } = row;
  const voided = Boolean(payment.voidedAt);
  const change = useChangeTransaction();
  const [problem, setProblem] = useState<string | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const form = useForm<EditValues, unknown, EditOutput>({ resolver, defaultValues: { remarks: payment.remarks ?? '', meta: metaRowsOf(payment.meta) } });
  const rows = useFieldArray({ control: form.control, name: 'meta' });
  const errors = form.formState.errors;
  const ids = { proof: useId(), details: useId() };
  const amount = formatMoney(payment.amountInCents);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    if (proof && proofProblem(proof)) return;
    const changes: TransactionChange[] = [];
    if (values.remarks !== (payment.remarks ?? '')) changes.push({ kind: 'remarks', remarks: values.remarks });
    if (!voided && !sameMeta(values.meta, payment.meta)) changes.push({ kind: 'meta', meta: values.meta });
    if (!voided && proof) changes.push({ kind: 'proof', file: proof });
    if (changes.length === 0) {
      setProblem(t`Nothing has changed.`);
      return;
    }
    try {
      await change.mutateAsync({ id: payment.id, changes });
      toast.success(t`Payment updated`, { description: t`${amount} for ${shipment.trackingNumber}` });
      onClose();
    } catch (error) {
      const onProof = isApiError(error) ? error.details?.find((d) => PROOF_FIELDS.has(apiFieldOf(d.field))) : undefined;
      if (onProof) {
        setProofError(onProof.message);
        return;
      }
      const line = formProblemOf(error, form.setError, (field) => {
        const name = apiFieldOf(field);
        if (name === 'remarks') return 'remarks';
        // "meta.Bank": the row holding that name.
        const index = name.startsWith('meta.') ? form.getValues('meta').findIndex((r) => r.key.trim() === name.slice(5)) : -1;
        return index >= 0 ? (`meta.${index}.value` as const) : null;
      });
      if (line) setProblem(line);
    }
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Edit ${amount} payment for ${shipment.trackingNumber}`}
      description={
        voided
          ? t`This payment is voided: only its remarks can change.`
          : t`Remarks, details and the proof of payment. The amount and method never change: void a wrong payment and record it again.`
      }
      size="lg"
      submitLabel={t`Save changes`}
      pending={change.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField label={t`Remarks`} optional hint={t`Empty clears them.`} error={errors.remarks?.message}>
        {(control) => <textarea {...control} {...form.register('remarks')} rows={3} maxLength={500} className={textareaClasses} />}
      </FormField>

      {voided ? null : (
        <>
          <fieldset className="flex flex-col gap-2" aria-describedby={`${ids.details}-hint`}>
            <legend className="text-sm font-medium text-slate-800">
              <Trans>Details</Trans>
            </legend>
            <p id={`${ids.details}-hint`} className="text-xs text-slate-500">
              <Trans>The bank, account or GCash number, for example. At most {MAX_META_ROWS}.</Trans>
            </p>
            {rows.fields.length === 0 ? (
              <p className="text-sm text-slate-600">
                <Trans>No details yet.</Trans>
              </p>
            ) : null}
            <ul className="flex flex-col gap-3">
              {rows.fields.map((field, index) => {
                const rowErrors = errors.meta?.[index];
                const place = index + 1;
                return (
                  <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto]">
                    <FormField label={t`Name ${place}`} error={rowErrors?.key?.message} className="col-start-1 row-start-1">
                      {(control) => <Input {...control} {...form.register(`meta.${index}.key`)} autoComplete="off" maxLength={40} />}
                    </FormField>
                    <FormField label={t`Value ${place}`} error={rowErrors?.value?.message} className="col-start-1 row-start-2 sm:col-start-2 sm:row-start-1">
                      {(control) => <Input {...control} {...form.register(`meta.${index}.value`)} autoComplete="off" maxLength={200} />}
                    </FormField>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="col-start-2 row-start-1 mt-7 sm:col-start-3"
                      aria-label={t`Remove detail ${place}`}
                      onClick={() => rows.remove(index)}
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={rows.fields.length >= MAX_META_ROWS}
              onClick={() => rows.append({ key: '', value: '' })}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add detail</Trans>
            </Button>
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.proof} className="text-sm font-medium text-slate-800">
              <Trans>Proof of payment</Trans> <span className="font-normal text-slate-500">{t`(optional)`}</span>
            </label>
            {payment.proofUrl ? (
              <a
                href={payment.proofUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 self-start text-sm font-medium text-teal-800 underline-offset-4 hover:underline"
              >
                <FileText className="h-4 w-4" aria-hidden="true" />
                <Trans>Open the current proof</Trans>
              </a>
            ) : null}
            <input
              id={ids.proof}
              type="file"
              accept={PROOF_TYPES}
              aria-invalid={proofError ? true : undefined}
              aria-describedby={`${ids.proof}-hint${proofError ? ` ${ids.proof}-error` : ''}`}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                setProof(file);
                setProofError(file ? proofProblem(file) : null);
              }}
            />
            <p id={`${ids.proof}-hint`} className="text-xs text-slate-500">
              {payment.proofUrl ? (
                <Trans>A new file replaces the current one. A receipt, deposit slip or screenshot: an image or a PDF, 10 MB at most.</Trans>
              ) : (
                <Trans>A receipt, deposit slip or screenshot: an image or a PDF, 10 MB at most.</Trans>
              )}
            </p>
            {proofError ? (
              <p id={`${ids.proof}-error`} role="alert" className="text-sm text-red-600">
                {proofError}
              </p>
            ) : null}
          </div>
        </>
      )}
    </FormModal>
  );
}
