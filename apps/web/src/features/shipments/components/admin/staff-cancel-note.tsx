import type { ShipmentDto } from '@hatid/domain';
import { Trans } from '@lingui/react/macro';

/** What a staff cancellation does, above the reasons (the list's and the shipment page's cancel dialogs). */
export function StaffCancelNote({ shipment }: { shipment: Pick<ShipmentDto, 'trackingNumber'> }) {
  const trackingNumber = shipment.trackingNumber;
  return <Trans>{trackingNumber} stops where it is; the customer is told, a wallet payment is refunded and a promo code use released.</Trans>;
}
