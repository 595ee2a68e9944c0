import { PICKUP_WINDOW, schedulePickup, type DeliveryType } from '@hatid/domain';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/format';

const hour = (h: number) => `${h % 12 || 12}:00 ${h < 12 ? 'AM' : 'PM'}`;

/** The clock, ticking once a minute, so a page left open past a cut-off shows the new pickup day. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The pickup day the booking will get (Asia/Manila), the same rule the server applies when booking. */
export function PickupDate({ deliveryType }: { deliveryType: DeliveryType }) {
  const pickup = schedulePickup(useNow(), deliveryType);
  return (
    <p className="flex items-start gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-900" data-testid="pickup-date">
      <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        Pickup on <strong>{formatDate(pickup.pickupAt)}</strong>, between {hour(PICKUP_WINDOW.startHour)} and {hour(PICKUP_WINDOW.endHour)}
      </span>
    </p>
  );
}
