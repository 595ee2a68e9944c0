import { canCancel, type ShipmentDto, type ShipmentTabCounts } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Bike, CreditCard, ListChecks, PackagePlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useBulkSelection } from '../../../components/data-table/use-bulk-selection';
import { DataTable } from '../../../components/data-table/data-table';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { booksForOthers } from '../../../lib/roles';
import { useRealtimeChannel } from '../../../lib/realtime';
import { exportShipments, useShipments, useShipmentTabCounts } from '../api/get-shipments';
import { AssignRidersDialog } from '../components/admin/assign-riders-dialog';
import { BulkDeliveryStatusDialog, BulkPaymentStatusDialog } from '../components/admin/bulk-status-dialog';
import { DuplicateShipmentDialog } from '../components/admin/duplicate-shipment-dialog';
import { EditShipmentDialog } from '../components/admin/edit-shipment-dialog';
import { BookForCustomerDialog } from '../components/admin/book-for-customer-dialog';
import { PrintWaybillsButton } from '../components/admin/print-waybills-button';
import { SHIPMENT_COLUMNS } from '../components/admin/shipment-columns';
import { ShipmentFilters } from '../components/admin/shipment-filters';
import { StaffCancelNote } from '../components/admin/staff-cancel-note';
import { CancelShipmentDialog } from '../components/cancel-shipment-dialog';
import { adminShipmentFilters, parseAdminShipmentsSearch, SHIPMENT_TABS, type AdminShipmentsSearch, type ShipmentTab } from '../lib/admin-list-search';
import type { BulkResult } from '../api/bulk-updates';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { CANCELLED_LABEL, DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';

const route = getRouteApi('/console/shipments');
const TITLE = msg`Shipments`;

type Dialog =
  | { kind: 'edit' | 'duplicate' | 'cancel'; shipment: ShipmentDto }
  | { kind: 'bulk-status' | 'bulk-payment'; trackingNumbers: string[] }
  | { kind: 'assign-riders'; shipments: ShipmentDto[] }
  | null;

/** The tabs with the server's counts for the same search and filters (an estimate above 1,000 reads "about"). */
function tabsWithCounts(i18n: I18n, counts: ShipmentTabCounts | null | undefined): TableTab[] {
  const countOf = (tab: ShipmentTab | 'All') => counts?.counts[tab];
  const label = (tab: ShipmentTab) => i18n._(tab === 'Cancelled' ? CANCELLED_LABEL : DELIVERY_STATUS_LABELS[tab]);
  return [
    { value: undefined, label: i18n._(msg`All`), count: countOf('All') },
    ...SHIPMENT_TABS.map((tab) => ({ value: tab, label: label(tab), count: countOf(tab) })),
  ];
}

/** /shipments in the console: the data table over GET /shipments, with bulk moves, waybills and export. */
export function AdminShipmentsPage() {
  const { t, i18n } = useLingui();
  const title = i18n._(TITLE);
  const raw = route.useSearch();
  // The route keeps the address as it came; only known values count (a hand-edited link falls back).
  const search = useMemo(() => parseAdminShipmentsSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ability, roles } = useAccess();
  // Booking in a customer's name (POST /shipments): operations and service partners (lib/roles.ts).
  const canBookForOthers = booksForOthers({ roles: roles.map((name) => ({ name })) });
  const page = search.page ?? 1;
  const limit = search.limit ?? 10;
  const filters = useMemo(() => adminShipmentFilters(search), [search]);
  const filtersKey = JSON.stringify(filters);
  const shipments = useShipments({ ...filters, page, limit, sort: search.sort });
  const tabCounts = useShipmentTabCounts(filters);

  const { selected, setSelected, keepRefused, refusedRowClass } = useBulkSelection(JSON.stringify([filtersKey, page, limit]));
  const [dialog, setDialog] = useState<Dialog>(null);

  // Platform staff hear every shipment change; the list and the counts refetch (events are hints).
  useRealtimeChannel(ability.can('manage', 'Shipment') ? 'admin' : null, () => {
    void queryClient.invalidateQueries({ queryKey: ['shipments', 'all'] });
  });

  const setSearch = useTableSearch(search, navigateSearch, shipments);

  // Staff-level cancellation (DECISIONS "Cancellation"): anything not delivered, for whoever updates delivery statuses.
  const cancellable = (s: ShipmentDto) =>
    canCancel(s.deliveryStatus, { isStaff: ability.can('update_delivery_status', 'Shipment'), shipmentStatus: s.status }).ok;
  const canMove = ability.can('update', 'Shipment') || ability.can('update_delivery_status', 'Shipment');
  // The server's rule for payment statuses: operators (update + update delivery status) who record payments.
  const canSetPayment = ability.can('update', 'Shipment') && ability.can('update_delivery_status', 'Shipment') && ability.can('create', 'Transaction');
  // Dispatch (DECISIONS "Riders"): staff with the pickup-rider or delivery-rider ability.
  const canDispatch = ability.can('pickup_rider', 'Shipment') || ability.can('delivery_rider', 'Shipment');
  const narrowed = Boolean(search.search || search.deliveryType || search.shipmentType || search.startDate || search.endDate);

  const onBulkDone = (result: BulkResult) => {
    keepRefused(result.failed.map((f) => f.trackingNumber));
  };

  return (
    <>
      <DataTable<ShipmentDto>
        title={title}
        description={t`Every shipment you may see, newest first. Tick rows to move them, set their payment or print their waybills.`}
        columns={SHIPMENT_COLUMNS}
        query={shipments}
        getRowId={(s) => s.trackingNumber}
        search={search}
        // The table only sends back tabs it was given (SHIPMENT_TABS), so its patch fits this address.
        onSearchChange={(patch, options) => setSearch(patch as Partial<AdminShipmentsSearch>, options)}
        searchPlaceholder={t`Tracking number, name or mobile number`}
        filters={<ShipmentFilters search={search} onChange={(patch) => setSearch({ ...patch, page: undefined })} />}
        filtered={narrowed}
        onClearFilters={() => setSearch({ deliveryType: undefined, shipmentType: undefined, startDate: undefined, endDate: undefined })}
        tabs={tabsWithCounts(i18n, tabCounts.data)}
        exportSource={{ key: filtersKey, fetchFile: (signal) => exportShipments(filters, title, signal) }}
        noun={(count) => t`${plural(count, { one: '# shipment', other: '# shipments' })}`}
        createAction={
          canBookForOthers ? (
            <Button size="sm" onClick={() => setSearch({ book: 'customer' })}>
              <PackagePlus className="h-4 w-4" aria-hidden="true" />
              <Trans>Book for a customer</Trans>
            </Button>
          ) : undefined
        }
        rowClassName={(s) => refusedRowClass(s.trackingNumber)}
        selection={{
          selected,
          onChange: setSelected,
          actions: (ids) => (
            <>
              {canMove ? (
                <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'bulk-status', trackingNumbers: ids })}>
                  <ListChecks className="h-4 w-4" aria-hidden="true" />
                  <Trans>Update status</Trans>
                </Button>
              ) : null}
              {canDispatch ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setDialog({ kind: 'assign-riders', shipments: (shipments.data?.data ?? []).filter((s) => ids.includes(s.trackingNumber)) })}
                >
                  <Bike className="h-4 w-4" aria-hidden="true" />
                  <Trans>Assign riders</Trans>
                </Button>
              ) : null}
              {canSetPayment ? (
                <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'bulk-payment', trackingNumbers: ids })}>
                  <CreditCard className="h-4 w-4" aria-hidden="true" />
                  <Trans>Payment status</Trans>
                </Button>
              ) : null}
              <PrintWaybillsButton trackingNumbers={ids} />
            </>
          ),
        }}
        rowActions={(s) => (
          <RowActionMenu
            subject="Shipment"
            label={s.trackingNumber}
            onView={() => void navigate({ to: '/shipments/$trackingNumber', params: { trackingNumber: s.trackingNumber } })}
            onEdit={s.status === 'Cancelled' ? undefined : () => setDialog({ kind: 'edit', shipment: s })}
            onDuplicate={() => setDialog({ kind: 'duplicate', shipment: s })}
            onCancel={cancellable(s) ? () => setDialog({ kind: 'cancel', shipment: s }) : undefined}
          />
        )}
      />
      <ShipmentDialogs dialog={dialog} onClose={() => setDialog(null)} onBulkDone={onBulkDone} />
      {canBookForOthers ? (
        <BookForCustomerDialog open={raw.book === 'customer'} onOpenChange={(open) => (open ? undefined : setSearch({ book: undefined }))} />
      ) : null}
    </>
  );
}

function ShipmentDialogs({ dialog, onClose, onBulkDone }: { dialog: Dialog; onClose: () => void; onBulkDone: (result: BulkResult) => void }) {
  const { ability } = useAccess();
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'edit':
      return (
        <EditShipmentDialog
          key={dialog.shipment.id}
          shipment={dialog.shipment}
          open
          onOpenChange={onOpenChange}
          canSetOutboundFee={ability.can('manage', 'Shipment')}
        />
      );
    case 'duplicate':
      return (
        <DuplicateShipmentDialog shipment={dialog.shipment} open onOpenChange={onOpenChange} carriesFees={ability.can('book_for_other_user', 'Shipment')} />
      );
    case 'cancel':
      return <CancelShipmentDialog shipment={dialog.shipment} open onOpenChange={onOpenChange} description={<StaffCancelNote shipment={dialog.shipment} />} />;
    case 'bulk-status':
      return <BulkDeliveryStatusDialog trackingNumbers={dialog.trackingNumbers} open onOpenChange={onOpenChange} onDone={onBulkDone} />;
    case 'bulk-payment':
      return <BulkPaymentStatusDialog trackingNumbers={dialog.trackingNumbers} open onOpenChange={onOpenChange} onDone={onBulkDone} />;
    case 'assign-riders':
      return (
        <AssignRidersDialog
          shipments={dialog.shipments}
          open
          onOpenChange={onOpenChange}
          onDone={onBulkDone}
          canPickup={ability.can('pickup_rider', 'Shipment')}
          canDelivery={ability.can('delivery_rider', 'Shipment')}
        />
      );
  }
}
