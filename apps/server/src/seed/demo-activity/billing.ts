import { and, eq, gte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { activityLogs, billings, invoices } from '../../db/schema/index.js';
import { createBilling } from '../../modules/billings/index.js';
import { createInvoice } from '../../modules/billings/index.js';
import { addDays, manilaDayStart, manilaToday } from '../../core/manila-time.js';
import { AppError } from '../../errors.js';
import type { DemoCast } from './people.js';

/**
 * Last month's account of the demo business, as the account manager would bill it: a receivable billing of its
 * on-account bookings from the month before this one (the billing service gathers them and totals them), and its
 * invoice with the next number of the series (gap-free, from the invoice service), both dated the 1st of this
 * month. This month's bookings stay on account, unbilled, as they would be mid-month.
 */
export async function seedBilling(tx: Tx, cast: DemoCast, now: Date): Promise<void> {
  const db = tx as unknown as Db;
  const startedAt = new Date();
  const today = manilaToday(now);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const periodEnd = addDays(thisMonth, -1);
  const periodStart = `${periodEnd.slice(0, 7)}-01`;
  const billing = await createBilling(db, cast.staff, {
    billingType: 'receivable',
    businessId: cast.business.id,
    periodStart,
    periodEnd,
    notes: 'Monthly statement of shipments on account',
  }).catch((error: unknown) => {
    // Only "no shipments to bill" is expected (no bookings on account last month); anything else is a bug.
    if (error instanceof AppError && error.code === 'RULE_BROKEN' && error.details?.[0]?.field === 'periodEnd') return null;
    throw error;
  });
  if (!billing) return;
  const invoice = await createInvoice(db, cast.staff, {
    billingId: billing.id,
    notes: 'Please pay by bank transfer to BPI 1234-5678-90 (Hatid Logistics Inc.)',
  });
  const issuedAt = new Date(Math.min(manilaDayStart(thisMonth).getTime() + 10 * 3_600_000, now.getTime() - 60_000));
  await tx.update(billings).set({ createdAt: issuedAt, updatedAt: issuedAt }).where(eq(billings.id, billing.id));
  await tx.update(invoices).set({ createdAt: issuedAt }).where(eq(invoices.id, invoice.id));
  await tx
    .update(activityLogs)
    .set({ createdAt: issuedAt })
    .where(and(eq(activityLogs.category, 'billings'), gte(activityLogs.createdAt, startedAt)));
}
