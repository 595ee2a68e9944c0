import type { BulkBatchDto } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { CustomerSearch, customerName } from '../../users/components/customer-search';
import { downloadBulkFile, templatePath, trackingNumbersPath, useBulkBatch, useConfirmBulkBatch, useUploadBulkFile, waybillsPath } from '../api/bulk-bookings';

/**
 * Bulk booking from a spreadsheet (issue 33): download the template, upload a CSV or XLSX of up to 5,000 rows,
 * see every wrong row with its number and reasons and the total of the rest, fix and upload again or book the
 * valid rows, follow the progress, then download all the waybills (one PDF) and the tracking numbers (CSV).
 * Business admins and members book for themselves; staff (the console) first choose the customer.
 */
export function BulkBookingPage({ forCustomer = false }: { forCustomer?: boolean }) {
  const { t } = useLingui();
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const upload = useUploadBulkFile();
  const batch = useBulkBatch(batchId);
  const fileInput = useId();
  const download = (path: string, name: string) => downloadBulkFile(path, name).catch((error: unknown) => toast.error(errorMessage(error)));

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate({ file, ownerId: customer?.id }, { onSuccess: (created) => setBatchId(created.id) });
  };
  const needsCustomer = forCustomer && !customer;
  const customerLabel = customer?.name;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4">
      <header>
        <h1 className="text-2xl font-bold">
          <Trans>Bulk booking</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>Book up to 5,000 parcels from one spreadsheet. Every row is checked before anything is booked; nothing is booked until you confirm.</Trans>
        </p>
      </header>

      <section aria-labelledby="template-heading" className="flex flex-wrap items-center gap-2">
        <h2 id="template-heading" className="sr-only">
          <Trans>Template</Trans>
        </h2>
        <span className="text-sm">
          <Trans>Template:</Trans>
        </span>
        <Button type="button" variant="secondary" size="sm" onClick={() => download(templatePath('xlsx'), 'hatid-bulk-booking-template.xlsx')}>
          <Trans>Download XLSX</Trans>
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => download(templatePath('csv'), 'hatid-bulk-booking-template.csv')}>
          <Trans>Download CSV</Trans>
        </Button>
      </section>

      {forCustomer ? (
        <section aria-label={t`Customer`} className="flex flex-col gap-2">
          {customer ? (
            <p>
              <Trans>
                Booking for <strong>{customerLabel}</strong>
              </Trans>{' '}
              <Button type="button" variant="ghost" size="sm" onClick={() => setCustomer(null)}>
                <Trans>Change</Trans>
              </Button>
            </p>
          ) : (
            <CustomerSearch
              limit={10}
              listLabel={t`Matching customers`}
              onChoose={(c) => setCustomer({ id: c.id, name: customerName(c) })}
              emptyText={(term) => (term ? t`Nobody matches “${term}”.` : t`No customers yet.`)}
              renderField={(input) => <FormField label={t`Customer to book for`}>{(control) => input(control)}</FormField>}
            />
          )}
        </section>
      ) : null}

      <section aria-label={t`Upload`} className="flex flex-col gap-2">
        <label htmlFor={fileInput} className="font-medium">
          <Trans>Spreadsheet (CSV or XLSX)</Trans>
        </label>
        <input
          id={fileInput}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={needsCustomer || upload.isPending}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {needsCustomer ? (
          <p className="text-sm text-slate-600">
            <Trans>Choose the customer first.</Trans>
          </p>
        ) : null}
        {upload.isPending ? (
          <p role="status">
            <Trans>Uploading…</Trans>
          </p>
        ) : null}
        {upload.error ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(upload.error)}
          </p>
        ) : null}
      </section>

      {batch.data ? <BatchView batch={batch.data} onDownload={download} /> : null}
    </div>
  );
}

function BatchView({ batch, onDownload }: { batch: BulkBatchDto; onDownload: (path: string, name: string) => void }) {
  const { t } = useLingui();
  const confirm = useConfirmBulkBatch();
  const wrong = batch.wrongRows.length;
  const valid = batch.validRows.toLocaleString('en');
  const total = batch.totalRows.toLocaleString('en');
  const amount = formatMoney(batch.totalInCents);
  const booked = batch.bookedRows;
  const validCount = batch.validRows;
  return (
    <section aria-label={t`Batch`} className="flex flex-col gap-4">
      {batch.state === 'checking' ? <Progress label={t`Checking rows`} value={batch.checkedRows} max={batch.totalRows} /> : null}
      {batch.state === 'booking' ? <Progress label={t`Booking`} value={batch.bookedRows} max={batch.validRows} /> : null}

      {batch.state !== 'checking' ? (
        <div className="rounded border p-4">
          <p>
            <Trans>
              <strong>{valid}</strong> of {total} rows can be booked, for <strong>{amount}</strong>.
            </Trans>{' '}
            {wrong > 0 ? t`${plural(wrong, { one: '# row needs fixing.', other: '# rows need fixing.' })}` : t`Every row is fine.`}
          </p>
          {batch.state === 'checked' ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="button" disabled={batch.validRows === 0 || confirm.isPending} onClick={() => confirm.mutate(batch.id)}>
                {t`${plural(validCount, { one: 'Book # parcel', other: 'Book # parcels' })}`}
              </Button>
              {wrong > 0 ? (
                <span className="self-center text-sm text-slate-600">
                  <Trans>or fix the rows below and upload the file again.</Trans>
                </span>
              ) : null}
            </div>
          ) : null}
          {confirm.error ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(confirm.error)}
            </p>
          ) : null}
        </div>
      ) : null}

      {batch.state === 'booked' ? (
        <div className="rounded border border-teal-700 p-4" role="status">
          <p>{t`${plural(booked, { one: 'Booked # parcel.', other: 'Booked # parcels.' })}`}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" onClick={() => onDownload(waybillsPath(batch.id), `waybills-${batch.id.slice(0, 8)}.pdf`)}>
              <Trans>Download all waybills (PDF)</Trans>
            </Button>
            <Button type="button" variant="secondary" onClick={() => onDownload(trackingNumbersPath(batch.id), `tracking-numbers-${batch.id.slice(0, 8)}.csv`)}>
              <Trans>Download tracking numbers (CSV)</Trans>
            </Button>
          </div>
        </div>
      ) : null}

      {batch.failures.length > 0 ? <ProblemTable caption={t`Rows that could not be booked`} rows={batch.failures} /> : null}
      {wrong > 0 ? <ProblemTable caption={t`Rows to fix`} rows={batch.wrongRows} /> : null}
    </section>
  );
}

function Progress({ label, value, max }: { label: string; value: number; max: number }) {
  const done = value.toLocaleString('en');
  const all = max.toLocaleString('en');
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm">
        <Trans>
          {label}: {done} of {all}
        </Trans>
      </span>
      <progress className="w-full" aria-label={label} value={value} max={Math.max(max, 1)} />
    </div>
  );
}

function ProblemTable({ caption, rows }: { caption: string; rows: BulkBatchDto['wrongRows'] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-20 p-2">
              <Trans>Row</Trans>
            </th>
            <th scope="col" className="p-2">
              <Trans>What to fix</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className="border-t">
              <td className="p-2 align-top">{r.row}</td>
              <td className="p-2">
                <ul>
                  {r.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The console's screen: staff book a spreadsheet for a customer. */
export function ConsoleBulkBookingPage() {
  return <BulkBookingPage forCustomer />;
}
