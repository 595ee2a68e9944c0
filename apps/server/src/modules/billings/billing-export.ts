import type { BillingDetailDto } from '@hatid/domain';
import { BOM, neutraliseCell, pesos, toCsv } from '../../core/csv.js';
import { manilaMinute } from '../../core/manila-time.js';

const COLUMNS = ['Tracking number', 'Booked (Asia/Manila)', 'Receiver', 'Delivery status', 'Amount (PHP)'];

/**
 * GET /billings/{id}/export: the billing's shipments as CSV (the same writer, byte-order mark and formula
 * guard as the other exports), then the total, paid and balance lines. A billing is one client's period,
 * small enough to answer in one piece.
 */
export function billingCsv(detail: BillingDetailDto): string {
  const lines = detail.shipments.map((s) => [s.trackingNumber, manilaMinute(s.bookedAt), s.receiverName, s.deliveryStatus, pesos(s.amountInCents)]);
  const n = detail.shipments.length;
  const footer = [
    ['Total', '', '', `${n} shipment${n === 1 ? '' : 's'}`, pesos(detail.totalInCents)],
    ['Paid', '', '', '', pesos(detail.amountPaidInCents)],
    ['Balance', '', '', '', pesos(detail.balanceInCents)],
  ];
  return `${BOM}${toCsv([COLUMNS, ...[...lines, ...footer].map((r) => r.map(neutraliseCell))])}\n`;
}

/** Billing_<invoice number, else the id's first 8 characters>.csv */
export const billingFilename = (detail: BillingDetailDto, extension: 'csv' | 'pdf') =>
  `Billing_${detail.invoiceNumber ?? detail.id.slice(0, 8).toUpperCase()}.${extension}`;
