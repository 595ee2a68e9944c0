import { voidInvoiceBody, type BillingDto, type InvoiceDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { textareaClasses } from '../../../components/ui/input';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useIssueInvoice, useVoidInvoice } from '../api/billings';
import { billingName } from './billing-row-menu';

/** Issue the billing's invoice (POST /invoices): the next number, never reused; optional notes printed on it. */
export function IssueInvoiceDialog({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const { t } = useLingui();
  const issue = useIssueInvoice();
  const total = formatMoney(billing.totalInCents);
  const name = billingName(billing);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const notesId = useId();
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Issue an invoice?`}
      description={t`The next invoice number is given to the ${total} billing of ${name}. Numbers are never reused: a wrong invoice is voided.`}
      confirmLabel={t`Issue invoice`}
      pending={issue.isPending}
      onConfirm={() => {
        setProblem(null);
        issue.mutate(
          { billingId: billing.id, ...(notes.trim() ? { notes: notes.trim() } : {}) },
          {
            onSuccess: (invoice) => {
              const number = invoice.numberLabel;
              toast.success(t`Invoice ${number} issued`, { description: formatMoney(invoice.totalInCents) });
              onClose();
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={notesId} className="text-sm font-medium text-slate-800">
          <Trans>
            Notes <span className="font-normal text-slate-500">(optional)</span>
          </Trans>
        </label>
        <textarea id={notesId} rows={2} maxLength={1000} className={textareaClasses} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}

/** Void an invoice (DELETE /invoices/{id}) with the reason: it stays listed, voided, and its number is never issued again. */
export function VoidInvoiceDialog({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const { t } = useLingui();
  const voidIt = useVoidInvoice();
  const number = invoice.numberLabel;
  const total = formatMoney(invoice.totalInCents);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Void invoice ${number}?`}
      description={t`The ${total} invoice is kept, marked void; its number is never issued again. A new invoice can then be issued for the billing.`}
      confirmLabel={t`Void invoice`}
      destructive
      pending={voidIt.isPending}
      onConfirm={() => {
        setProblem(null);
        // The API takes no reason too (the catalogue sends none); this screen still asks for one.
        const parsed = voidInvoiceBody.safeParse({ reason });
        if (!parsed.success || !parsed.data?.reason) {
          setReasonError(parsed.error?.issues[0]?.message ?? t`Give the reason for voiding`);
          return;
        }
        setReasonError(null);
        voidIt.mutate(
          { id: invoice.id, reason: parsed.data.reason },
          {
            onSuccess: () => {
              toast.success(t`Invoice ${number} voided`);
              onClose();
            },
            onError: (error) => {
              const onReason = isApiError(error) ? error.details?.find((d) => d.field.endsWith('reason')) : undefined;
              if (onReason) setReasonError(onReason.message);
              else setProblem(errorMessage(error));
            },
          },
        );
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
          <Trans>Reason</Trans>
        </label>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={500}
          className={textareaClasses}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {reasonError ? (
          <p id={`${reasonId}-error`} role="alert" className="text-red-600">
            {reasonError}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
