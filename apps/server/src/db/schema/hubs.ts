import { boolean, check, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { coveredProvinces } from './addresses.js';
import { createdAt, id, updatedAt } from './_columns.js';

/**
 * Hatid hubs where a sender drops a parcel off (Drop Off bookings), kept by staff per covered province.
 * Never deleted: a shipment points at the hub it was booked for; a closed hub is deactivated.
 */
export const hubs = pgTable(
  'hubs',
  {
    id: id(),
    name: text('name').notNull(),
    provinceCode: text('province_code')
      .notNull()
      .references(() => coveredProvinces.provinceCode, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    openingHours: text('opening_hours').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('hubs_province_idx').on(t.provinceCode),
    check('hubs_in_the_philippines', sql`${t.latitude} between 4 and 22 and ${t.longitude} between 116 and 127`),
  ],
);
