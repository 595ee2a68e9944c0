import { useLingui } from '@lingui/react';
import { CANCELLED_LABEL, DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';
import type { DeliveryStatus, ShipmentStatus } from '@hatid/domain';
import { cn } from '../../../lib/utils';

/** The short label a person scans for: the delivery status, or "Cancelled" once the order is cancelled. */
export function statusLabel(shipment: { status: ShipmentStatus; deliveryStatus: DeliveryStatus }): string {
  return shipment.status === 'Cancelled' ? 'Cancelled' : shipment.deliveryStatus;
}

function tone(shipment: { status: ShipmentStatus; deliveryStatus: DeliveryStatus }): string {
  if (shipment.status === 'Cancelled') return 'bg-red-50 text-red-800 ring-red-200';
  if (shipment.deliveryStatus === 'Delivered') return 'bg-emerald-50 text-emerald-800 ring-emerald-200';
  if (shipment.deliveryStatus === 'Order placed') return 'bg-slate-100 text-slate-700 ring-slate-200';
  return 'bg-amber-50 text-amber-900 ring-amber-200';
}

export function StatusBadge({ shipment, className }: { shipment: { status: ShipmentStatus; deliveryStatus: DeliveryStatus }; className?: string }) {
  const { i18n } = useLingui();
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tone(shipment), className)}
    >
      {i18n._(shipment.status === 'Cancelled' ? CANCELLED_LABEL : DELIVERY_STATUS_LABELS[shipment.deliveryStatus])}
    </span>
  );
}
