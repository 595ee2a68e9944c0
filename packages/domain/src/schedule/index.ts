import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { DeliveryType } from '../catalogue/enums.js';

export const PICKUP_TIME_ZONE = 'Asia/Manila';
export const PICKUP_WINDOW = { startHour: 8, endHour: 18 } as const;

/**
 * Booking cut-off hour (Manila) after which the pickup moves to the next business day.
 * The spec gives 8 for Same Day and 10 for Next Day only. Intra-City uses the Next Day cut-off: it is
 * also picked up during the regular morning run, and only Same Day needs the pickup to start at 08:00.
 */
export const PICKUP_CUTOFF_HOURS: Record<DeliveryType, number> = { same_day: 8, next_day: 10, intra_city: 10 };

export interface PickupSchedule {
  /** Manila calendar day of the pickup, yyyy-MM-dd. */
  date: string;
  /** 08:00 Manila on that day, when the pickup window opens. */
  pickupAt: Date;
  /** 18:00 Manila on that day, when the window closes. */
  windowEndsAt: Date;
}

const SUNDAY = 0;

/**
 * Pickup day for a booking (DECISIONS.md "Pickup scheduling"). Booked before the cut-off on a Monday to
 * Saturday: that day. Otherwise the next day, skipping Sunday. Public holidays are not modelled.
 */
export function schedulePickup(bookedAt: Date, deliveryType: DeliveryType): PickupSchedule {
  const local = new TZDate(bookedAt.getTime(), PICKUP_TIME_ZONE);
  const beforeCutoff = local.getHours() < PICKUP_CUTOFF_HOURS[deliveryType];
  let day = local.getDay() !== SUNDAY && beforeCutoff ? local : addDays(local, 1);
  if (day.getDay() === SUNDAY) day = addDays(day, 1);
  const at = (hour: number) => new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, 0, 0, PICKUP_TIME_ZONE).getTime());
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return { date, pickupAt: at(PICKUP_WINDOW.startHour), windowEndsAt: at(PICKUP_WINDOW.endHour) };
}
