import { voidInvoiceBody, type BillingDto, type InvoiceDto } from '@hatid/domain';
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
  const issue = useIssueInvoice();
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const notesId = useId();
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Issue an invoice?"
      description={`The next invoice number is given to the ${formatMoney(billing.totalInCents)} billing of ${billingName(billing)}. Numbers are never reused: a wrong invoice is voided.`}
      confirmLabel="Issue invoice"
      pending={issue.isPending}
      onConfirm={() => {
        setProblem(null);
        issue.mutate(
          { billingId: billing.id, ...(notes.trim() ? { notes: notes.trim() } : {}) },
          {
            onSuccess: (invoice) => {
              toast.success(`Invoice ${invoice.numberLabel} issued`, { description: formatMoney(invoice.totalInCents) });
              onClose();
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={notesId} className="text-sm font-medium text-slate-800">
          Notes <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea id={notesId} rows={2} maxLength={1000} className={textareaClasses} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}

/** Void an invoice (DELETE /invoices/{id}) with the reason: it stays listed, voided, and its number is never issued again. */
export function VoidInvoiceDialog({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const voidIt = useVoidInvoice();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Void invoice ${invoice.numberLabel}?`}
      description={`The ${formatMoney(invoice.totalInCents)} invoice is kept, marked void; its number is never issued again. A new invoice can then be issued for the billing.`}
      confirmLabel="Void invoice"
      destructive
      pending={voidIt.isPending}
      onConfirm={() => {
        setProblem(null);
        // The API takes no reason too (the catalogue sends none); this screen still asks for one.
        const parsed = voidInvoiceBody.safeParse({ reason });
        if (!parsed.success || !parsed.data?.reason) {
          setReasonError(parsed.error?.issues[0]?.message ?? 'Give the reason for voiding');
          return;
        }
        setReasonError(null);
        voidIt.mutate(
          { id: invoice.id, reason: parsed.data.reason },
          {
            onSuccess: () => {
              toast.success(`Invoice ${invoice.numberLabel} voided`);
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
          Reason
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
