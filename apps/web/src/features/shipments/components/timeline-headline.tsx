import type { DeliveryStatus, ShipmentStatus } from '@hatid/domain';
import { useLingui } from '@lingui/react';
import { CircleX, PackageCheck, Truck, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { headline } from '../lib/activity-labels';

const ICONS: Record<string, LucideIcon> = {
  'Shipment order cancelled': CircleX,
  'Courier is on the way for pick up': Truck,
  'Shipment is on the way': Truck,
  'Shipment is on its way back to the sender': Truck,
};

/**
 * The headline above a shipment's timeline (product.md §2), worded by the domain's timelineHeadline.
 * It is a live region, so a status change pushed while the page is open is read out.
 */
export function TimelineHeadline({
  shipment,
  lastActivity = null,
  className,
}: {
  shipment: { status: ShipmentStatus; deliveryStatus: DeliveryStatus; deliveredAt?: string | null };
  /** The last step that moved the status, where the page has the timeline: it tells a return from a delivery. */
  lastActivity?: string | null;
  className?: string;
}) {
  const { i18n } = useLingui();
  const { key, text } = headline(i18n, {
    shipmentStatus: shipment.status,
    deliveryStatus: shipment.deliveryStatus,
    deliveredAt: shipment.deliveredAt ?? null,
    lastActivity,
  });
  const Icon = ICONS[key] ?? PackageCheck;
  const cancelled = shipment.status === 'Cancelled';
  return (
    <div aria-live="polite" className={cn('flex items-center gap-2', className)}>
      <Icon className={cn('h-6 w-6 shrink-0', cancelled ? 'text-red-600' : 'text-teal-700')} aria-hidden="true" />
      <p className="text-lg font-semibold text-slate-900" data-testid="timeline-headline">
        {text}
      </p>
    </div>
  );
}
