import { Readable } from 'node:stream';
import { PAYER_LABELS, PAYMENT_METHOD_LABELS, payerLabel, TRANSACTION_STATUS_LABELS, type TransactionExportQuery, type TransactionRowDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../core/actor.js';
import { BOM, exportFilename, neutraliseCell, pesos, toCsv } from '../../core/csv.js';
import { assertMayViewTransactions, transactionRowBatches } from './transactions-desk.service.js';
import { manilaMinute } from '../../core/manila-time.js';

/** The desk's download: the columns of its table, for each tab. */
const PAYMENT_COLUMNS = [
  'Received (Asia/Manila)',
  'Tracking number',
  'Amount (PHP)',
  'Payment type',
  'Status',
  'Paid by',
  'Received by',
  'Reference number',
  'Remarks',
  'Void reason',
  'Shipment total (PHP)',
  'Shipment payment status',
] as const;
const UNPAID_COLUMNS = ['Booked (Asia/Manila)', 'Tracking number', 'Sender', 'Receiver', 'Payer', 'Payment method', 'Payment status', 'Total (PHP)'] as const;

function toRecord({ transaction: t, shipment: s }: TransactionRowDto): string[] {
  if (!t) {
    return [
      manilaMinute(s.createdAt),
      s.trackingNumber,
      s.senderName,
      s.receiverName,
      payerLabel(s),
      PAYMENT_METHOD_LABELS[s.paymentMethod],
      s.paymentStatus,
      pesos(s.totalInCents),
    ];
  }
  return [
    manilaMinute(t.receivedAt),
    s.trackingNumber,
    pesos(t.amountInCents),
    PAYMENT_METHOD_LABELS[t.method],
    TRANSACTION_STATUS_LABELS[t.voidedAt ? 'voided' : 'valid'],
    t.paidBy ? PAYER_LABELS[t.paidBy] : '',
    t.receivedByName ?? '',
    t.referenceNumber ?? '',
    t.remarks ?? '',
    t.voidReason ?? '',
    pesos(s.totalInCents),
    s.paymentStatus,
  ];
}

async function* csvChunks(db: DbOrTx, actor: Actor, query: TransactionExportQuery): AsyncGenerator<string> {
  const columns = query.filter === 'no_transactions' ? UNPAID_COLUMNS : PAYMENT_COLUMNS;
  yield `${BOM}${toCsv([[...columns]])}\n`;
  for await (const batch of transactionRowBatches(db, actor, query)) {
    yield `${toCsv(batch.map((row) => toRecord(row).map(neutraliseCell)))}\n`;
  }
}

/** The whole filtered desk as CSV, streamed. Access is checked before the first byte (an ordinary 403). */
export function transactionsCsv(db: DbOrTx, actor: Actor, query: TransactionExportQuery): Readable {
  assertMayViewTransactions(actor);
  return Readable.from(csvChunks(db, actor, query), { objectMode: false });
}

/** The attachment's name: the table's title made safe, else transactions_all.csv. */
export const transactionsFilename = (requested: string | undefined) => exportFilename(requested || 'Transactions');
