import type { BillingDetailDto, BillingDto, InvoiceDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Ban, FileSpreadsheet, FileText, ReceiptText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ViewModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { exportBilling, useBilling } from '../api/billings';
import { shipmentCount } from '../lib/billing-actions';
import { DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';
import { BILLING_TYPE_NAMES, BillingStatusBadge, dayText, PaymentStatusText, periodText } from './billing-columns';
import { IssueInvoiceDialog, VoidInvoiceDialog } from './invoice-dialogs';

const dash = (text: string | null | undefined): ReactNode => (text ? text : '—');

/** "Billing_Dela_Cruz_Trading_2026-11-01_2026-11-30.csv" */
export const exportFileNameOf = (b: Pick<BillingDto, 'businessName' | 'customerName' | 'periodStart' | 'periodEnd'>) =>
  `Billing_${(b.businessName ?? b.customerName).trim().replace(/[^A-Za-z0-9]+/g, '_')}_${b.periodStart}_${b.periodEnd}.csv`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 first:mt-0">
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** When an invoice was issued (and by whom), or voided (and why). */
function invoiceNote(inv: InvoiceDto): string {
  if (inv.voidedAt) {
    const when = formatDateTime(inv.voidedAt);
    const reason = inv.voidReason;
    return reason ? i18n._(msg`Voided ${when}: ${reason}`) : i18n._(msg`Voided ${when}`);
  }
  const when = formatDateTime(inv.issuedAt);
  const by = inv.issuedByName;
  return by ? i18n._(msg`Issued ${when} by ${by}`) : i18n._(msg`Issued ${when}`);
}

const referenceText = (reference: string) => i18n._(msg`Ref. ${reference}`);

/** A stored delivery status in the reader's language; a status the table does not know shows as stored. */
const deliveryStatusName = (status: string) => {
  const label = DELIVERY_STATUS_LABELS[status as keyof typeof DELIVERY_STATUS_LABELS];
  return label ? i18n._(label) : status;
};

const Empty = ({ children }: { children: ReactNode }) => <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">{children}</p>;

/**
 * View: every field of the billing (the row while its details load), then its shipments (each opens its
 * page), payments, attachments and invoices. Whoever may issue invoices issues one when none is live; whoever
 * may void them voids one with a reason. "Download CSV" saves GET /billings/{id}/export.
 */
export function BillingViewModal({ billing: row, onClose }: { billing: BillingDto; onClose: () => void }) {
  const { t } = useLingui();
  const { ability } = useAccess();
  const detail = useBilling(row.id);
  const b: BillingDto | BillingDetailDto = detail.data ?? row;
  const [dialog, setDialog] = useState<{ kind: 'issue' } | { kind: 'void'; invoice: InvoiceDto } | null>(null);
  const [exporting, setExporting] = useState(false);
  const invoices = detail.data?.invoices ?? [];
  const live = invoices.find((i) => !i.voidedAt);
  // Invoices are issued for receivable billings only (a payable billing is what we owe).
  const canIssue = ability.can('create', 'Invoice') && b.billingType === 'receivable' && !live && b.status !== 'cancelled' && Boolean(detail.data);
  const canVoid = ability.can('delete', 'Invoice');

  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportBilling(b.id), exportFileNameOf(b));
    } catch (error) {
      toast.error(t`The export failed`, { description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const fields: { label: string; value: ReactNode }[] = [
    { label: b.businessName ? t`Client` : t({ message: 'Customer', context: 'billed person' }), value: b.businessName ?? b.customerName },
    ...(b.businessName ? [{ label: t({ message: 'Customer', context: 'billed person' }), value: b.customerName }] : []),
    { label: t`Type`, value: i18n._(BILLING_TYPE_NAMES[b.billingType]) },
    { label: t`Period`, value: periodText(b) },
    { label: t`Due date`, value: dash(dayText(b.dueDate)) },
    { label: t`Status`, value: <BillingStatusBadge status={b.status} /> },
    { label: t`Payment status`, value: <PaymentStatusText status={b.paymentStatus} /> },
    { label: t`Total`, value: formatMoney(b.totalInCents) },
    { label: t`Paid`, value: formatMoney(b.amountPaidInCents) },
    { label: t`Balance`, value: <span data-testid="view-balance">{formatMoney(b.balanceInCents)}</span> },
    { label: t`Invoice`, value: dash(b.invoiceNumber) },
    { label: t`Biller`, value: dash(b.billerName) },
    { label: t`Location`, value: dash(b.locationName) },
    { label: t`Created`, value: formatDateTime(b.createdAt) },
    { label: t`Last changed`, value: formatDateTime(b.updatedAt) },
    { label: t`Notes`, value: <span className="whitespace-pre-line">{dash(b.notes)}</span> },
  ];

  const billed = b.businessName ?? b.customerName;
  return (
    <>
      <ViewModal open onOpenChange={(open) => (open ? undefined : onClose())} title={t`Billing for ${billed}`} size="lg" fields={fields}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void download()} loading={exporting}>
            {exporting ? null : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
            <Trans>Download CSV</Trans>
          </Button>
          {canIssue ? (
            <Button size="sm" onClick={() => setDialog({ kind: 'issue' })}>
              <ReceiptText className="h-4 w-4" aria-hidden="true" />
              <Trans>Issue invoice</Trans>
            </Button>
          ) : null}
        </div>
        {detail.isPending ? (
          <Spinner label={t`Loading the billing's details`} className="py-6" />
        ) : detail.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {errorMessage(detail.error)}
          </p>
        ) : (
          <div className="mt-4">
            <Section title={t`Invoices`}>
              {invoices.length === 0 ? (
                <Empty>
                  <Trans>No invoice issued yet.</Trans>
                </Empty>
              ) : (
                <ul aria-label={t`Invoices`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {invoices.map((inv) => (
                    <li key={inv.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                      <span className={cn('font-mono font-medium text-slate-900', inv.voidedAt && 'text-slate-500 line-through')}>{inv.numberLabel}</span>
                      <span className="text-xs text-slate-500">{invoiceNote(inv)}</span>
                      <span className="ml-auto font-medium text-slate-900 tabular-nums">{formatMoney(inv.totalInCents)}</span>
                      {canVoid && !inv.voidedAt ? (
                        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setDialog({ kind: 'void', invoice: inv })}>
                          <Ban className="h-4 w-4" aria-hidden="true" />
                          <Trans>Void invoice</Trans>
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={shipmentCount(detail.data.shipments.length)}>
              {detail.data.shipments.length === 0 ? (
                <Empty>
                  <Trans>No shipments in this period.</Trans>
                </Empty>
              ) : (
                <div className="overflow-x-auto rounded-lg border border-slate-200">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">
                      <Trans>Shipments in this billing</Trans>
                    </caption>
                    <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                      <tr>
                        <th scope="col" className="px-3 py-2">
                          <Trans>Tracking number</Trans>
                        </th>
                        <th scope="col" className="px-3 py-2">
                          <Trans>Booked</Trans>
                        </th>
                        <th scope="col" className="px-3 py-2">
                          <Trans>Receiver</Trans>
                        </th>
                        <th scope="col" className="px-3 py-2">
                          <Trans>Status</Trans>
                        </th>
                        <th scope="col" className="px-3 py-2 text-right">
                          <Trans>Amount</Trans>
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {detail.data.shipments.map((s) => (
                        <tr key={s.shipmentId}>
                          <td className="px-3 py-2">
                            <Link
                              to="/shipments/$trackingNumber"
                              params={{ trackingNumber: s.trackingNumber }}
                              className="font-mono font-medium text-teal-800 underline-offset-4 hover:underline"
                            >
                              {s.trackingNumber}
                            </Link>
                          </td>
                          <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(s.bookedAt)}</td>
                          <td className="px-3 py-2">{s.receiverName}</td>
                          <td className="px-3 py-2 whitespace-nowrap">{deliveryStatusName(s.deliveryStatus)}</td>
                          <td className="px-3 py-2 text-right font-medium tabular-nums">{formatMoney(s.amountInCents)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Section>
            <Section title={t`Payments`}>
              {detail.data.payments.length === 0 ? (
                <Empty>
                  <Trans>No payment recorded yet.</Trans>
                </Empty>
              ) : (
                <ul aria-label={t`Payments`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {detail.data.payments.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 text-sm">
                      <span className="font-medium text-slate-900">{p.method}</span>
                      <span className="text-xs text-slate-500">
                        {formatDateTime(p.paidAt)}
                        {p.referenceNumber ? ` · ${referenceText(p.referenceNumber)}` : ''}
                        {p.recordedByName ? ` · ${p.recordedByName}` : ''}
                      </span>
                      <span className="ml-auto font-medium text-slate-900 tabular-nums">{formatMoney(p.amountInCents)}</span>
                      {p.remarks ? <span className="w-full text-xs whitespace-pre-line text-slate-600">{p.remarks}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <Section title={t`Attachments`}>
              {detail.data.attachments.length === 0 ? (
                <Empty>
                  <Trans>No files attached.</Trans>
                </Empty>
              ) : (
                <ul aria-label={t`Attachments`} className="flex flex-col gap-1">
                  {detail.data.attachments.map((a) => (
                    <li key={a.id}>
                      <a
                        href={a.url}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 text-sm font-medium text-teal-800 underline-offset-4 hover:underline"
                      >
                        <FileText className="h-4 w-4" aria-hidden="true" />
                        {a.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </div>
        )}
      </ViewModal>
      {dialog?.kind === 'issue' ? <IssueInvoiceDialog billing={b} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'void' ? <VoidInvoiceDialog invoice={dialog.invoice} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
