import { BILLING_STATUS_LABELS, BILLING_TYPES, COLLECTION_STATUSES, type BillingBulkResult, type BillingDto, type BillingType, type CollectionStatus } from '@hatid/domain';
import { getRouteApi } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { Ban, CircleCheck, Plus, Truck, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { filterFieldClass } from '../../../components/data-table/date-range-filter';
import { DEFAULT_LIMIT } from '../../../components/data-table/table-search';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { useCoveredProvinces } from '../../../lib/api/places';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { screenById } from '../../console/screens';
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
import { BULK_MOVES, canChangeBillings, MOVE_LABELS, type BillingMenuKey, type BillingMove } from '../lib/billing-actions';
import { billingFilters, hasBillingFilters, parseBillingsSearch, type BillingsSearch } from '../lib/billings-search';

const route = getRouteApi('/console/billings');
const TITLE = 'Billings';

type RowDialog = 'view' | 'preview' | 'files' | 'record' | 'edit' | 'cancel' | 'delete';
type Dialog = { kind: 'add' } | { kind: RowDialog; billing: BillingDto } | { kind: 'bulk'; ids: string[]; status: BillingMove } | null;

const BULK_ICONS: Record<BillingMove, LucideIcon> = { on_going: Truck, completed: CircleCheck, cancelled: Ban };

/** The filters' fields, full width in their grid. */
const fieldClass = cn(filterFieldClass, 'w-full');

/** A tab's count: the server's counts per status; "All" is their sum. Without counts, the open tab's own total. */
function countOf(tab: CollectionStatus | undefined, open: CollectionStatus | undefined, counts: BillingCounts | undefined, total: number | undefined) {
  if (counts) return tab ? counts[tab] : COLLECTION_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return tab === open ? total : undefined;
}

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
  const raw = route.useSearch();
  const search = useMemo(() => parseBillingsSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const { ability } = useAccess();
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const filters = useMemo(() => billingFilters(search), [search]);
  const filtersKey = JSON.stringify(filters);
  const list = useBillings({ ...filters, page, limit });
  const canCreate = ability.can('create', 'Billing');
  const canChange = canChangeBillings(ability);
  // The pickers' lists come from calls only some roles may make; the others go without those filters.
  const pickBiller = ability.can('update', 'Client');
  const pickCustomer = ability.can('view', 'Client') || ability.can('admin_view', 'Client');
  const billers = useBillers(pickBiller);
  const customers = useBillingCustomers(pickCustomer);
  const provinces = useCoveredProvinces();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const move = useUpdateBilling();
  const ids = { type: useId(), biller: useId(), customer: useId(), location: useId() };

  const setSearch = useTableSearch(search, navigateSearch, list);

  // Another page, tab or filter: the ticks and marks belonged to rows no longer shown.
  useEffect(() => {
    setSelected({});
    setRefused(new Set());
  }, [filtersKey, page, limit]);

  const counts = list.data?.counts;
  const tabs: TableTab[] = [
    { value: undefined, label: 'All', count: countOf(undefined, search.tab, counts, list.data?.total) },
    ...COLLECTION_STATUSES.map((s) => ({ value: s, label: BILLING_STATUS_LABELS[s], count: countOf(s, search.tab, counts, list.data?.total) })),
  ];

  const runMove = (billing: BillingDto, next: 'on_going' | 'completed') =>
    move.mutate(
      { id: billing.id, input: { status: next } },
      {
        onSuccess: () => toast.success(`Billing ${BILLING_STATUS_LABELS[next].toLowerCase()}`, { description: billingName(billing) }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const onMenu = (billing: BillingDto, key: BillingMenuKey) => {
    if (key === 'on_going' || key === 'completed') runMove(billing, key);
    else if (key === 'cancelled') setDialog({ kind: 'cancel', billing });
    else setDialog({ kind: key, billing });
  };
  const onBulkDone = (result: BillingBulkResult) => {
    setRefused(new Set(result.failed.map((f) => f.id)));
    // Keep only the refused rows ticked, ready for another look.
    setSelected(Object.fromEntries(result.failed.map((f) => [f.id, true as const])));
  };
  const close = () => setDialog(null);

  return (
    <>
      <DataTable<BillingDto>
        title={TITLE}
        description={screenById('billings').description}
        columns={BILLING_COLUMNS}
        query={list}
        getRowId={(b) => b.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<BillingsSearch>, options)}
        searchPlaceholder="Name, tracking or invoice number"
        noun="billings"
        tabs={tabs}
        filtered={hasBillingFilters(search)}
        onClearFilters={() => setSearch({ type: undefined, biller: undefined, customer: undefined, location: undefined })}
        filters={
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end lg:min-w-0 lg:flex-[2_1_0%]">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.type} className="text-sm font-medium text-slate-800">
                Type
              </label>
              <select
                id={ids.type}
                value={search.type ?? ''}
                onChange={(event) => setSearch({ type: (event.target.value || undefined) as BillingType | undefined, page: undefined })}
                className={fieldClass}
              >
                <option value="">All types</option>
                {BILLING_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {BILLING_TYPE_SHORT[t]}
                  </option>
                ))}
              </select>
            </div>
            {pickBiller ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.biller} className="text-sm font-medium text-slate-800">
                  Biller
                </label>
                <select id={ids.biller} value={search.biller ?? ''} onChange={(event) => setSearch({ biller: event.target.value || undefined, page: undefined })} className={fieldClass}>
                  <option value="">Anyone</option>
                  {/* A link's biller stays listed while the list loads (or if they no longer prepare billings). */}
                  {search.biller && !billers.data?.some((p) => p.id === search.biller) ? <option value={search.biller}>{billers.isPending ? 'Loading…' : 'Someone else'}</option> : null}
                  {(billers.data ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {pickCustomer ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.customer} className="text-sm font-medium text-slate-800">
                  Customer
                </label>
                <select id={ids.customer} value={search.customer ?? ''} onChange={(event) => setSearch({ customer: event.target.value || undefined, page: undefined })} className={fieldClass}>
                  <option value="">Any customer</option>
                  {search.customer && !customers.data?.some((c) => c.id === search.customer) ? <option value={search.customer}>{customers.isPending ? 'Loading…' : 'Someone else'}</option> : null}
                  {(customers.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.location} className="text-sm font-medium text-slate-800">
                Location
              </label>
              <select id={ids.location} value={search.location ?? ''} onChange={(event) => setSearch({ location: event.target.value || undefined, page: undefined })} className={fieldClass}>
                <option value="">Any province</option>
                {search.location && !provinces.data?.some((p) => p.provinceCode === search.location) ? <option value={search.location}>{search.location}</option> : null}
                {(provinces.data ?? []).map((p) => (
                  <option key={p.provinceCode} value={p.provinceCode}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        }
        createAction={
          canCreate ? (
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add billing
            </Button>
          ) : null
        }
        rowClassName={(b) => (refused.has(b.id) ? 'bg-red-50' : undefined)}
        selection={
          canChange
            ? {
                selected,
                onChange: setSelected,
                actions: (ticked) =>
                  BULK_MOVES.map((status) => {
                    const Icon = BULK_ICONS[status];
                    return (
                      <Button key={status} variant="secondary" size="sm" className={cn(status === 'cancelled' && 'text-red-700')} onClick={() => setDialog({ kind: 'bulk', ids: ticked, status })}>
                        <Icon className="h-4 w-4" aria-hidden="true" />
                        {MOVE_LABELS[status]}
                      </Button>
                    );
                  }),
              }
            : undefined
        }
        rowActions={(b) => <BillingRowMenu billing={b} onSelect={(key) => onMenu(b, key)} />}
      />
      {dialog?.kind === 'add' ? <AddBillingModal onClose={close} /> : null}
      {dialog?.kind === 'view' ? <BillingViewModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'preview' ? <BillingPreviewModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'files' ? <BillingFilesModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'record' ? <RecordBillingModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditBillingModal billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'cancel' ? <CancelBillingDialog billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteBillingDialog billing={dialog.billing} onClose={close} /> : null}
      {dialog?.kind === 'bulk' ? <BulkStatusDialog ids={dialog.ids} status={dialog.status} rows={list.data?.data ?? []} onDone={onBulkDone} onClose={close} /> : null}
    </>
  );
}
