import {
  PAYMENT_METHOD_LABELS,
  TRANSACTION_LIST_FILTER_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  type PaymentMethod,
  type TransactionRowDto,
  type TransactionStatus,
} from '@hatid/domain';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FilterSelect, optionsOf } from '../../../components/data-table/filter-select';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import { DataTable } from '../../../components/data-table/data-table';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import { DEFAULT_LIMIT } from '../../../components/data-table/table-search';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { formatMoney } from '../../../lib/format';
import { screenById } from '../../console/screens';
import { exportTransactions, usePaymentTypes, useTransactionCount, useTransactions } from '../api/transactions';
import { AddPaymentModal } from '../components/add-payment-modal';
import { EditTransactionModal } from '../components/edit-transaction-modal';
import { isPaymentRow, PAYMENT_COLUMNS, UNPAID_COLUMNS, type PaymentRow } from '../components/transaction-columns';
import { TransactionViewModal } from '../components/transaction-view-modal';
import { VoidPaymentDialog } from '../components/void-payment-dialog';
import { NO_TRANSACTIONS_TAB, parseTransactionsSearch, transactionFilters, type TransactionsSearch } from '../lib/transactions-search';

const route = getRouteApi('/console/transactions');
const TITLE = 'Transactions';

type Dialog = { kind: 'view' | 'edit' | 'void'; row: PaymentRow } | { kind: 'add-payment'; row: TransactionRowDto } | null;

/** The filters' fields, full width in their grid. */

/**
 * /transactions in the console: the transactions desk over GET /transaction. Two tabs (the spec's toggle):
 * every payment, with its payment type, status and date filters; and the shipments without a payment,
 * each with "Add payment". Page, size, search, filters and tab live in the address; both tabs show their
 * count; the export streams the filtered tab. Payments are viewed, edited (remarks, details, proof) and
 * voided with a reason, each item only for whoever the abilities allow (update Transaction: staff and
 * admins).
 */
export function TransactionsPage() {
  const raw = route.useSearch();
  const search = useMemo(() => parseTransactionsSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const { ability } = useAccess();
  const tab = search.tab ?? 'all';
  const payments = tab === 'all';
  const filters = useMemo(() => transactionFilters(search, tab), [search, tab]);
  const otherFilters = useMemo(() => transactionFilters(search, payments ? NO_TRANSACTIONS_TAB : 'all'), [search, payments]);
  const list = useTransactions({ ...filters, page: search.page ?? 1, limit: search.limit ?? DEFAULT_LIMIT });
  const otherCount = useTransactionCount(otherFilters);
  const paymentTypes = usePaymentTypes();
  const [dialog, setDialog] = useState<Dialog>(null);

  const setSearch = useTableSearch(search, navigateSearch, list);

  // The open tab's count is its page's total (not the previous filters' while they load); the other tab asks.
  const countOf = (filter: 'all' | typeof NO_TRANSACTIONS_TAB) => (filter === tab ? (list.isPlaceholderData ? undefined : list.data?.total) : otherCount.data);
  const tabs: TableTab[] = [
    { value: undefined, label: TRANSACTION_LIST_FILTER_LABELS.all, count: countOf('all') },
    { value: NO_TRANSACTIONS_TAB, label: TRANSACTION_LIST_FILTER_LABELS.no_transactions, count: countOf(NO_TRANSACTIONS_TAB) },
  ];
  // The filter keeps a chosen type listed even when no payment of that type is left.
  const typeOptions: PaymentMethod[] = [...new Set([...(paymentTypes.data ?? []), ...(search.paymentType ? [search.paymentType] : [])])];
  const canAddPayment = ability.can('create', 'Transaction');

  return (
    <>
      <DataTable<TransactionRowDto>
        title={TITLE}
        description={screenById('transactions').description}
        columns={payments ? PAYMENT_COLUMNS : UNPAID_COLUMNS}
        query={list}
        getRowId={(row) => row.transaction?.id ?? row.shipment.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<TransactionsSearch>, options)}
        searchPlaceholder={payments ? 'Tracking number or reference' : 'Tracking number'}
        noun={payments ? { one: 'payment', other: 'payments' } : { one: 'shipment', other: 'shipments' }}
        tabs={tabs}
        filtered={Boolean((payments && (search.paymentType || search.transactionStatus)) || search.startDate || search.endDate)}
        onClearFilters={() => setSearch({ paymentType: undefined, transactionStatus: undefined, startDate: undefined, endDate: undefined })}
        exportSource={{ key: JSON.stringify(filters), fetchFile: (signal) => exportTransactions(filters, TITLE, signal) }}
        filters={
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
            {payments ? (
              <>
                <FilterSelect<PaymentMethod>
                  label="Payment type"
                  value={search.paymentType}
                  anyLabel="All types"
                  options={optionsOf(typeOptions, PAYMENT_METHOD_LABELS)}
                  onChange={(paymentType) => setSearch({ paymentType, page: undefined })}
                />
                <FilterSelect<TransactionStatus>
                  label="Status"
                  value={search.transactionStatus}
                  anyLabel="Valid and voided"
                  options={optionsOf(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS)}
                  onChange={(transactionStatus) => setSearch({ transactionStatus, page: undefined })}
                />
              </>
            ) : null}
            <DateRangeFilter
              startDate={search.startDate}
              endDate={search.endDate}
              fromLabel={payments ? 'Received from' : 'Booked from'}
              wide
              onChange={(change) => setSearch({ ...change, page: undefined }, { replace: true })}
            />
          </div>
        }
        rowActions={(row) =>
          isPaymentRow(row) ? (
            <RowActionMenu
              subject="Transaction"
              label={`the ${formatMoney(row.transaction.amountInCents)} payment for ${row.shipment.trackingNumber}`}
              onView={() => setDialog({ kind: 'view', row })}
              onUpdate={() => setDialog({ kind: 'edit', row })}
              // A voided payment cannot be voided again: the item shows, disabled.
              onDelete={row.transaction.voidedAt ? undefined : () => setDialog({ kind: 'void', row })}
            />
          ) : canAddPayment ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Add payment for ${row.shipment.trackingNumber}`}
              onClick={() => setDialog({ kind: 'add-payment', row })}
            >
              Add payment
            </Button>
          ) : null
        }
      />
      {dialog?.kind === 'view' ? <TransactionViewModal row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <EditTransactionModal key={dialog.row.transaction.id} row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'void' ? <VoidPaymentDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'add-payment' ? <AddPaymentModal key={dialog.row.shipment.id} shipment={dialog.row.shipment} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
