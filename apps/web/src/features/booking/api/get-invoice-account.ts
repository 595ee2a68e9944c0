import type { BusinessDetailDto } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../auth';
import type { BookFor } from '../draft/booking-draft';

/**
 * Booking on account (docs/decisions.md "Booking on account"): when the booking's owner belongs to a business
 * on an invoice account (active, invoice billing on), "sender pays" is billed to that account instead of cash
 * at pick-up. The owner is the signed-in person (their business is read), or the customer staff or a partner
 * book for: the picker's row says which account bills them (a partner may not read that business itself). The
 * server decides at booking; this only lets the form say what will happen.
 */
export interface InvoiceAccountChoice {
  businessName: string;
  /** The signed-in person's own business (false: the customer staff book for). */
  own: boolean;
}

/** GET /businesses/{id}, under the clients screen's key so both share one cached answer. */
const businessQueryOptions = (id: string) => ({
  queryKey: ['businesses', 'one', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BusinessDetailDto>(`/businesses/${encodeURIComponent(id)}`, { signal }),
  staleTime: 60_000,
});

export function useInvoiceAccount(signedIn: boolean, bookFor: BookFor | null): InvoiceAccountChoice | null {
  const fromPicker = bookFor?.invoiceAccountName !== undefined;
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn && !bookFor });
  // A draft saved before the picker said so carries only the business: read it, as then.
  const businessId = fromPicker ? null : bookFor ? (bookFor.businessId ?? null) : (me.data?.businessId ?? null);
  const business = useQuery({ ...businessQueryOptions(businessId ?? ''), enabled: signedIn && Boolean(businessId) });
  if (fromPicker) return bookFor?.invoiceAccountName ? { businessName: bookFor.invoiceAccountName, own: false } : null;
  const b = business.data;
  return b?.isActive && b.invoiceAccount.invoiceBillingEnabled ? { businessName: b.name, own: !bookFor } : null;
}

/** "Bill to Acme Trading's account (invoice)": the sender-pays choice of a business on account. */
export function accountPayerLabel(i18n: I18n, account: InvoiceAccountChoice): string {
  const business = account.businessName;
  return i18n._(msg`Bill to ${business}'s account (invoice)`);
}

/** "your business account", or "Acme Trading's account" when staff book for a customer. */
export function accountName(i18n: I18n, account: InvoiceAccountChoice): string {
  const business = account.businessName;
  return account.own ? i18n._(msg`your business account`) : i18n._(msg`${business}'s account`);
}
