import { PICKUP_WINDOW, schedulePickup, type DeliveryType } from '@hatid/domain';
import { Trans } from '@lingui/react/macro';
import { CalendarClock } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { formatDate } from '../../../lib/format';

const hour = (h: number) => `${h % 12 || 12}:00 ${h < 12 ? 'AM' : 'PM'}`;

const start = hour(PICKUP_WINDOW.startHour);
const end = hour(PICKUP_WINDOW.endHour);

const MINUTE = 60_000;

function subscribeToClock(tick: () => void) {
  const timer = setInterval(tick, MINUTE);
  return () => clearInterval(timer);
}

/**
 * The clock to the minute, ticking once a minute, so a page left open past a cut-off shows the new pickup
 * day. null when rendered at build time (the static landing page of /): the build cannot know the day.
 */
function useNow(): Date | null {
  const minute = useSyncExternalStore(
    subscribeToClock,
    () => Math.floor(Date.now() / MINUTE),
    () => null,
  );
  return minute === null ? null : new Date(minute * MINUTE);
}

/** The pickup day the booking will get (Asia/Manila), the same rule the server applies when booking. */
export function PickupDate({ deliveryType }: { deliveryType: DeliveryType }) {
  const now = useNow();
  if (!now) {
    // A long month (so the unseen sentence is not shorter than the real one), in the page's language.
    const day = formatDate('2026-09-30T12:00:00+08:00');
    // The build's landing HTML: the box keeps its place, the sentence (a long date, so it is not shorter)
    // stays unseen until the app knows the day. Nothing moves when it appears.
    return (
      <p className="flex items-start gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-900" data-testid="pickup-date">
        <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="invisible" aria-hidden="true">
          <Trans>
            Pickup on <strong>{day}</strong>, between {start} and {end}
          </Trans>
        </span>
      </p>
    );
  }
  const pickup = schedulePickup(now, deliveryType);
  const day = formatDate(pickup.pickupAt);
  return (
    <p className="flex items-start gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-900" data-testid="pickup-date">
      <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <Trans>
          Pickup on <strong>{day}</strong>, between {start} and {end}
        </Trans>
      </span>
    </p>
  );
}
