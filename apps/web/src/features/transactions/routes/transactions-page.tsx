import { TRANSACTION_STATUSES, type PaymentMethod, type TransactionRowDto, type TransactionStatus } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FilterSelect } from '../../../components/data-table/filter-select';
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
import { PAYMENT_METHOD_NAMES } from '../../shipments/lib/shipment-labels';
import { exportTransactions, usePaymentTypes, useTransactionCount, useTransactions } from '../api/transactions';
import { AddPaymentModal } from '../components/add-payment-modal';
import { EditTransactionModal } from '../components/edit-transaction-modal';
import { isPaymentRow, PAYMENT_COLUMNS, UNPAID_COLUMNS, type PaymentRow } from '../components/transaction-columns';
import { TransactionViewModal } from '../components/transaction-view-modal';
import { VoidPaymentDialog } from '../components/void-payment-dialog';
import { TRANSACTION_STATUS_NAMES, TRANSACTION_TAB_NAMES } from '../lib/transaction-labels';
import { NO_TRANSACTIONS_TAB, parseTransactionsSearch, transactionFilters, type TransactionsSearch } from '../lib/transactions-search';

const route = getRouteApi('/console/transactions');

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
  const { t, i18n } = useLingui();
  const title = t`Transactions`;
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
    { value: undefined, label: i18n._(TRANSACTION_TAB_NAMES.all), count: countOf('all') },
    { value: NO_TRANSACTIONS_TAB, label: i18n._(TRANSACTION_TAB_NAMES.no_transactions), count: countOf(NO_TRANSACTIONS_TAB) },
  ];
  // The filter keeps a chosen type listed even when no payment of that type is left.
  const typeOptions: PaymentMethod[] = [...new Set([...(paymentTypes.data ?? []), ...(search.paymentType ? [search.paymentType] : [])])];
  const canAddPayment = ability.can('create', 'Transaction');
  const paymentLabel = (row: PaymentRow) => {
    const amount = formatMoney(row.transaction.amountInCents);
    return t`the ${amount} payment for ${row.shipment.trackingNumber}`;
  };

  return (
    <>
      <DataTable<TransactionRowDto>
        title={title}
        description={screenById('transactions').description}
        columns={payments ? PAYMENT_COLUMNS : UNPAID_COLUMNS}
        query={list}
        getRowId={(row) => row.transaction?.id ?? row.shipment.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<TransactionsSearch>, options)}
        searchPlaceholder={payments ? t`Tracking number or reference` : t`Tracking number`}
        noun={(count) =>
          payments ? t`${plural(count, { one: '# payment', other: '# payments' })}` : t`${plural(count, { one: '# shipment', other: '# shipments' })}`
        }
        tabs={tabs}
        filtered={Boolean((payments && (search.paymentType || search.transactionStatus)) || search.startDate || search.endDate)}
        onClearFilters={() => setSearch({ paymentType: undefined, transactionStatus: undefined, startDate: undefined, endDate: undefined })}
        exportSource={{ key: JSON.stringify(filters), fetchFile: (signal) => exportTransactions(filters, title, signal) }}
        filters={
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
            {payments ? (
              <>
                <FilterSelect<PaymentMethod>
                  label={t`Payment type`}
                  value={search.paymentType}
                  anyLabel={t`All types`}
                  options={typeOptions.map((value) => ({ value, label: i18n._(PAYMENT_METHOD_NAMES[value]) }))}
                  onChange={(paymentType) => setSearch({ paymentType, page: undefined })}
                />
                <FilterSelect<TransactionStatus>
                  label={t`Status`}
                  value={search.transactionStatus}
                  anyLabel={t`Valid and voided`}
                  options={TRANSACTION_STATUSES.map((value) => ({ value, label: i18n._(TRANSACTION_STATUS_NAMES[value]) }))}
                  onChange={(transactionStatus) => setSearch({ transactionStatus, page: undefined })}
                />
              </>
            ) : null}
            <DateRangeFilter
              startDate={search.startDate}
              endDate={search.endDate}
              fromLabel={payments ? t`Received from` : t`Booked from`}
              wide
              onChange={(change) => setSearch({ ...change, page: undefined }, { replace: true })}
            />
          </div>
        }
        rowActions={(row) =>
          isPaymentRow(row) ? (
            <RowActionMenu
              subject="Transaction"
              label={paymentLabel(row)}
              onView={() => setDialog({ kind: 'view', row })}
              onUpdate={() => setDialog({ kind: 'edit', row })}
              // A voided payment cannot be voided again: the item shows, disabled.
              onDelete={row.transaction.voidedAt ? undefined : () => setDialog({ kind: 'void', row })}
            />
          ) : canAddPayment ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={t`Add payment for ${row.shipment.trackingNumber}`}
              onClick={() => setDialog({ kind: 'add-payment', row })}
            >
              <Trans>Add payment</Trans>
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
