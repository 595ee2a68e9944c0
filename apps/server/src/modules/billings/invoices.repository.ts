import { aliasedTable, desc, eq, type SQL } from 'drizzle-orm';
import { invoiceNumberLabel, type InvoiceDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { billings, businesses, invoices, users } from '../../db/schema/index.js';
import { personName } from '../../core/names.js';

const customer = aliasedTable(users, 'invoice_customer');
const issuer = aliasedTable(users, 'invoice_issuer');

/** Invoices as the API answers them, newest number first (the billing joined for scope and the business name). */
export function selectInvoices(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      invoice: invoices,
      customerFirst: customer.firstName,
      customerLast: customer.lastName,
      businessName: businesses.name,
      issuerFirst: issuer.firstName,
      issuerLast: issuer.lastName,
    })
    .from(invoices)
    .innerJoin(billings, eq(billings.id, invoices.billingId))
    .leftJoin(customer, eq(customer.id, invoices.customerId))
    .leftJoin(businesses, eq(businesses.id, billings.businessId))
    .leftJoin(issuer, eq(issuer.id, invoices.issuedById))
    .where(where)
    .orderBy(desc(invoices.number));
}
export type InvoiceJoinedRow = Awaited<ReturnType<typeof selectInvoices>>[number];
export { customer as invoiceCustomer };

export function toInvoiceDto(r: InvoiceJoinedRow): InvoiceDto {
  const i = r.invoice;
  return {
    id: i.id,
    number: i.number,
    numberLabel: invoiceNumberLabel(i.number),
    billingId: i.billingId,
    customerId: i.customerId,
    customerName: personName(r.customerFirst, r.customerLast) ?? '',
    businessName: r.businessName ?? null,
    issuedAt: i.issuedAt.toISOString(),
    dueDate: i.dueDate,
    totalInCents: i.totalInCents,
    notes: i.notes,
    issuedByName: personName(r.issuerFirst, r.issuerLast),
    voidedAt: i.voidedAt?.toISOString() ?? null,
    voidReason: i.voidReason,
  };
}
