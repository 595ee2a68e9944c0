import { canCancel, normalizeTrackingNumber } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Ban, Bike, Copy, ListChecks, Pencil, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ROW_ACTION_NAMES } from '../../../components/data-table/row-action-menu';
import { rowActionItems, type RowActionKey } from '../../../components/data-table/row-actions';
import { BackLink } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAccess } from '../../../lib/ability';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useLiveShipment } from '../api/use-live-shipment';
import { ActivityTimeline } from '../components/admin/activity-timeline';
import { AssignRidersDialog } from '../components/admin/assign-riders-dialog';
import { BulkDeliveryStatusDialog } from '../components/admin/bulk-status-dialog';
import { DuplicateShipmentDialog } from '../components/admin/duplicate-shipment-dialog';
import { EditShipmentDialog } from '../components/admin/edit-shipment-dialog';
import { ShipmentPayments } from '../components/admin/shipment-payments';
import { ShipmentDocuments, ShipmentWeights } from '../components/admin/shipment-records';
import { StaffCancelNote } from '../components/admin/staff-cancel-note';
import { CancelShipmentDialog } from '../components/cancel-shipment-dialog';
import { PackageLines } from '../components/package-lines';
import { PaymentSummary } from '../components/payment-summary';
import { PaymentLinkPanel } from '../components/payment-link-panel';
import { ProofImages } from '../components/proof-images';
import { ShipmentParties } from '../components/shipment-parties';
import { ShipmentSummary } from '../components/shipment-summary';

const route = getRouteApi('/console/shipments/$trackingNumber');
const ICONS = { edit: Pencil, duplicate: Copy, cancel: Ban } as const;

/**
 * One shipment in the console: the customer's detail (summary, packages, proof photos, parties, price)
 * plus what operations see: every activity with hide/show, documents and weights. Edit, Duplicate and
 * Cancel follow the row menu's rules.
 */
export function AdminShipmentDetailPage() {
  const { t, i18n } = useLingui();
  const trackingNumber = normalizeTrackingNumber(route.useParams().trackingNumber);
  const { ability, roles } = useAccess();
  const shipment = useLiveShipment(trackingNumber);
  const [open, setOpen] = useState<RowActionKey | 'status' | 'assign' | null>(null);

  const back = (
    <BackLink to="/shipments">
      <Trans>Shipments</Trans>
    </BackLink>
  );

  if (shipment.isPending) return <Spinner label={t`Loading shipment`} className="py-16" />;
  if (shipment.isError) {
    const notFound = isApiError(shipment.error) && shipment.error.statusCode === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Card role="alert" className="mx-auto flex max-w-md flex-col items-center gap-2 text-center">
          <SearchX className="h-8 w-8 text-slate-400" aria-hidden="true" />
          <CardTitle>{notFound ? t`Shipment not found` : t`Something went wrong`}</CardTitle>
          <CardDescription>{notFound ? t`There is no shipment ${trackingNumber} among those you may see.` : errorMessage(shipment.error)}</CardDescription>
        </Card>
      </div>
    );
  }

  const s = shipment.data;
  const isStaff = ability.can('update_delivery_status', 'Shipment');
  const actions = rowActionItems(
    {
      onView: () => undefined,
      // The server refuses to edit a cancelled shipment (409): say so with a disabled Edit, not a failing form.
      onEdit: s.status === 'Cancelled' ? undefined : () => setOpen('edit'),
      onDuplicate: () => setOpen('duplicate'),
      onCancel: canCancel(s.deliveryStatus, { isStaff, shipmentStatus: s.status }).ok ? () => setOpen('cancel') : undefined,
    },
    { subject: 'Shipment', ability, roles },
  ).filter((item) => item.key === 'edit' || item.key === 'duplicate' || item.key === 'cancel');
  const close = (next: boolean) => (next ? undefined : setOpen(null));
  // The list's bulk actions for this one shipment, under the list's rules (admin-shipments-page.tsx).
  const canMove = ability.can('update', 'Shipment') || ability.can('update_delivery_status', 'Shipment');
  const canDispatch = ability.can('pickup_rider', 'Shipment') || ability.can('delivery_rider', 'Shipment');
  const operations = [
    ...(canMove ? [{ key: 'status' as const, label: t`Update status`, Icon: ListChecks }] : []),
    ...(canDispatch ? [{ key: 'assign' as const, label: t`Assign rider`, Icon: Bike }] : []),
  ];

  return (
    <div className="flex flex-col gap-4">
      {back}
      <ShipmentSummary
        shipment={s}
        actions={[
          ...operations.map(({ key, label, Icon }) => (
            <Button key={key} variant="secondary" onClick={() => setOpen(key)}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </Button>
          )),
          ...actions.map((item) => {
            const Icon = ICONS[item.key as keyof typeof ICONS];
            return (
              <Button
                key={item.key}
                variant="secondary"
                disabled={item.disabled}
                onClick={item.run}
                className={item.key === 'cancel' ? 'text-red-700' : undefined}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {i18n._(ROW_ACTION_NAMES[item.key])}
              </Button>
            );
          }),
        ]}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-3">
          <ActivityTimeline trackingNumber={trackingNumber} canHide={isStaff} />
          <PackageLines shipment={s} />
          <ProofImages trackingNumber={trackingNumber} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <ShipmentParties shipment={s} />
          <PaymentSummary shipment={s} />
          <PaymentLinkPanel shipment={s} staff={ability.can('create', 'Transaction')} />
          {ability.can('view', 'Transaction') ? <ShipmentPayments trackingNumber={trackingNumber} /> : null}
          <ShipmentWeights trackingNumber={trackingNumber} />
          <ShipmentDocuments trackingNumber={trackingNumber} />
        </div>
      </div>
      {open === 'status' ? <BulkDeliveryStatusDialog trackingNumbers={[s.trackingNumber]} open onOpenChange={close} onDone={() => undefined} /> : null}
      {open === 'assign' ? (
        <AssignRidersDialog
          shipments={[s]}
          open
          onOpenChange={close}
          onDone={() => undefined}
          canPickup={ability.can('pickup_rider', 'Shipment')}
          canDelivery={ability.can('delivery_rider', 'Shipment')}
        />
      ) : null}
      {open === 'edit' ? <EditShipmentDialog shipment={s} open onOpenChange={close} canSetOutboundFee={ability.can('manage', 'Shipment')} /> : null}
      {open === 'duplicate' ? (
        <DuplicateShipmentDialog shipment={s} open onOpenChange={close} carriesFees={ability.can('book_for_other_user', 'Shipment')} />
      ) : null}
      {open === 'cancel' ? <CancelShipmentDialog shipment={s} open onOpenChange={close} description={<StaffCancelNote shipment={s} />} /> : null}
    </div>
  );
}
