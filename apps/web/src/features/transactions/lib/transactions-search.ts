import { PAYMENT_METHODS, TRANSACTION_STATUSES, type PaymentMethod, type TransactionListFilter, type TransactionStatus } from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import type { TransactionFilters } from '../api/transactions';

/**
 * The /transactions address: the table's page, size and search; the tab (absent: every payment,
 * `no_transactions`: the shipments without one); the payment type, the status (valid or voided) and a
 * date range (yyyy-MM-dd, Manila days). Read leniently: a hand-edited link falls back to the defaults.
 */
export const NO_TRANSACTIONS_TAB = 'no_transactions' satisfies TransactionListFilter;

export interface TransactionsSearch extends TableSearch {
  tab?: typeof NO_TRANSACTIONS_TAB;
  paymentType?: PaymentMethod;
  transactionStatus?: TransactionStatus;
  startDate?: string;
  endDate?: string;
}

const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseTransactionsSearch(raw: Record<string, unknown>): TransactionsSearch {
  const out = parseTableSearch(raw, { tabs: [NO_TRANSACTIONS_TAB] }) as TransactionsSearch;
  const paymentType = oneOf(PAYMENT_METHODS, raw.paymentType);
  if (paymentType) out.paymentType = paymentType;
  const transactionStatus = oneOf(TRANSACTION_STATUSES, raw.transactionStatus);
  if (transactionStatus) out.transactionStatus = transactionStatus;
  const startDate = isoDay(raw.startDate);
  const endDate = isoDay(raw.endDate);
  if (startDate) out.startDate = startDate;
  // An end before the start is dropped rather than sent (the server would refuse it).
  if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  return out;
}

/**
 * What the server is asked for one tab. The payment type and status are the payments' own: they are not
 * sent for the shipments without transactions (the server ignores them there, and the tab hides them).
 */
export function transactionFilters(search: TransactionsSearch, filter: TransactionListFilter): TransactionFilters {
  const payments = filter === 'all';
  return {
    filter,
    search: search.search,
    paymentType: payments ? search.paymentType : undefined,
    transactionStatus: payments ? search.transactionStatus : undefined,
    startDate: search.startDate,
    endDate: search.endDate,
  };
}
