import { BILLING_TYPES, COLLECTION_STATUSES, type BillingBulkResult, type BillingDto, type BillingType, type CollectionStatus } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Ban, CircleCheck, Truck, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useBulkSelection } from '../../../components/data-table/use-bulk-selection';
import { FilterSelect } from '../../../components/data-table/filter-select';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { useCoveredProvinces } from '../../../lib/api/places';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { ConsoleListPage, useConsoleList } from '../../console/components/console-list-page';
import { useBillers, useBillingCustomers, useBillings, useUpdateBilling, type BillingCounts } from '../api/billings';
import { AddBillingModal } from '../components/add-billing-modal';
import { BillingFilesModal } from '../components/billing-files-modal';
import { CancelBillingDialog, DeleteBillingDialog } from '../components/billing-confirm-dialogs';
import { BILLING_COLUMNS, BILLING_TYPE_SHORT } from '../components/billing-columns';
import { BillingPreviewModal } from '../components/billing-preview-modal';
import { billingName, BillingRowMenu } from '../components/billing-row-menu';
import { BillingViewModal } from '../components/billing-view-modal';
import { BulkStatusDialog } from '../components/bulk-status-dialog';
import { EditBillingModal } from '../components/edit-billing-modal';
import { RecordBillingModal } from '../components/record-billing-modal';
import { BULK_MOVES, canChangeBillings, moveLabel, type BillingMenuKey, type BillingMove } from '../lib/billing-actions';
import { COLLECTION_STATUS_NAMES } from '../../collections/lib/status-labels';
import { billingFilters, hasBillingFilters, parseBillingsSearch, type BillingsSearch } from '../lib/billings-search';

const route = getRouteApi('/console/billings');

type RowDialog = 'view' | 'preview' | 'files' | 'record' | 'edit' | 'cancel' | 'delete';
type Dialog = { kind: 'add' } | { kind: RowDialog; billing: BillingDto } | { kind: 'bulk'; ids: string[]; status: BillingMove } | null;

const BULK_ICONS: Record<BillingMove, LucideIcon> = { on_going: Truck, completed: CircleCheck, cancelled: Ban };

/** The filters' fields, full width in their grid. */

/** A tab's count: the server's counts per status; "All" is their sum. Without counts, the open tab's own total. */
function countOf(tab: CollectionStatus | undefined, open: CollectionStatus | undefined, counts: BillingCounts | undefined, total: number | undefined) {
  if (counts) return tab ? counts[tab] : COLLECTION_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return tab === open ? total : undefined;
}

/** The page of billings the address's tab, search and filters ask for. */
const useBillingRows = (paging: { page: number; limit: number }, search: BillingsSearch) => useBillings({ ...billingFilters(search), ...paging });

/**
 * /billings in the console: receivable billings (clients on an invoice account pay for the shipments booked
 * on account) and payable ones (we pay the cash collected on delivery), GET /billings with status tabs and
 * their counts, search, type, biller, customer and province filters, all in the address. Each row is viewed
 * (shipments, payments, files, invoices), previewed as the PDF statement, and, for whoever may change
 * billings (staff and admins), edited, paid ("record billing"), moved along BILLING_MOVES and deleted;
 * ticked rows move together, the refused ones kept ticked and marked. ssp and business admins read only
 * (a business admin its own business's billings: the server keeps them to it).
 */
export function BillingsPage() {
  const { t } = useLingui();
  const { search, page, limit, list, setSearch } = useConsoleList(route, parseBillingsSearch, useBillingRows);
  const { ability } = useAccess();
  const filtersKey = JSON.stringify(billingFilters(search));
  const canCreate = ability.can('create', 'Billing');
  const canChange = canChangeBillings(ability);
  // The pickers' lists come from calls only some roles may make; the others go without those filters.
  const pickBiller = ability.can('update', 'Client');
  const pickCustomer = ability.can('view', 'Client') || ability.can('admin_view', 'Client');
  const billers = useBillers(pickBiller);
  const customers = useBillingCustomers(pickCustomer);
  const provinces = useCoveredProvinces();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { selected, setSelected, keepRefused, refusedRowClass } = useBulkSelection(JSON.stringify([filtersKey, page, limit]));
  const move = useUpdateBilling();

  const counts = list.data?.counts;
  const tabs: TableTab[] = [
    { value: undefined, label: t`All`, count: countOf(undefined, search.tab, counts, list.data?.total) },
    ...COLLECTION_STATUSES.map((s) => ({ value: s, label: i18n._(COLLECTION_STATUS_NAMES[s]), count: countOf(s, search.tab, counts, list.data?.total) })),
  ];

  const runMove = (billing: BillingDto, next: 'on_going' | 'completed') =>
    move.mutate(
      { id: billing.id, input: { status: next } },
      {
        onSuccess: () => toast.success(next === 'on_going' ? t`Billing on going` : t`Billing completed`, { description: billingName(billing) }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const onMenu = (billing: BillingDto, key: BillingMenuKey) => {
    if (key === 'on_going' || key === 'completed') runMove(billing, key);
    else if (key === 'cancelled') setDialog({ kind: 'cancel', billing });
    else setDialog({ kind: key, billing });
  };
  const onBulkDone = (result: BillingBulkResult) => {
    keepRefused(result.failed.map((f) => f.id));
  };
  const close = () => setDialog(null);

  return (
    <ConsoleListPage<BillingDto>
      title={t`Billings`}
      description={t`Invoice accounts, billings and their payments.`}
      columns={BILLING_COLUMNS}
      query={list}
      getRowId={(b) => b.id}
      search={search}
      onSearchChange={(patch, options) => setSearch(patch as Partial<BillingsSearch>, options)}
      searchPlaceholder={t`Name, tracking or invoice number`}
      noun={(count) => t`${plural(count, { one: '# billing', other: '# billings' })}`}
      tabs={tabs}
      filtered={hasBillingFilters(search)}
      onClearFilters={() => setSearch({ type: undefined, biller: undefined, customer: undefined, location: undefined })}
      filters={
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end lg:min-w-0 lg:flex-[2_1_0%]">
          <FilterSelect<BillingType>
            label={t`Type`}
            value={search.type}
            anyLabel={t`All types`}
            options={BILLING_TYPES.map((type) => ({ value: type, label: i18n._(BILLING_TYPE_SHORT[type]) }))}
            onChange={(type) => setSearch({ type, page: undefined })}
          />
          {pickBiller ? (
            <FilterSelect
              label={t`Biller`}
              value={search.biller}
              anyLabel={t`Anyone`}
              options={(billers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              loading={billers.isPending}
              unknownLabel={t`Someone else`}
              onChange={(biller) => setSearch({ biller, page: undefined })}
            />
          ) : null}
          {pickCustomer ? (
            <FilterSelect
              label={t({ message: 'Customer', context: 'billed person' })}
              value={search.customer}
              anyLabel={t`Any customer`}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              loading={customers.isPending}
              unknownLabel={t`Someone else`}
              onChange={(customer) => setSearch({ customer, page: undefined })}
            />
          ) : null}
          <FilterSelect
            label={t`Location`}
            value={search.location}
            anyLabel={t`Any province`}
            options={(provinces.data ?? []).map((p) => ({ value: p.provinceCode, label: p.name }))}
            onChange={(location) => setSearch({ location, page: undefined })}
          />
        </div>
      }
      add={canCreate ? { label: t`Add billing`, onClick: () => setDialog({ kind: 'add' }) } : null}
      rowClassName={(b) => refusedRowClass(b.id)}
      selection={
        canChange
          ? {
              selected,
              onChange: setSelected,
              actions: (ticked) =>
                BULK_MOVES.map((status) => {
                  const Icon = BULK_ICONS[status];
                  return (
                    <Button
                      key={status}
                      variant="secondary"
                      size="sm"
                      className={cn(status === 'cancelled' && 'text-red-700')}
                      onClick={() => setDialog({ kind: 'bulk', ids: ticked, status })}
                    >
                      <Icon className="h-4 w-4" aria-hidden="true" />
                      {moveLabel(status)}
                    </Button>
                  );
                }),
            }
          : undefined
      }
      rowActions={(b) => <BillingRowMenu billing={b} onSelect={(key) => onMenu(b, key)} />}
    >
      {dialog?.kind === 'add' ? <AddBillingModal onClose={close} /> : null}
      {dialog?.kind === 'view' ? <BillingViewModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'preview' ? <BillingPreviewModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'files' ? <BillingFilesModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'record' ? <RecordBillingModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditBillingModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'cancel' ? <CancelBillingDialog billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteBillingDialog billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'bulk' ? (
        <BulkStatusDialog ids={dialog.ids} status={dialog.status} rows={list.data?.data ?? []} onDone={onBulkDone} onClose={close} />
      ) : null}
    </ConsoleListPage>
  );
}
