import { z } from 'zod';

/**
 * Hatid hubs that take parcels over the counter (Drop Off bookings): kept by staff, listed per covered
 * province. The map link is made from the coordinates, so nobody types (or smuggles) a URL.
 */

const provinceCode = z
  .string()
  .trim()
  .regex(/^\d{9,10}$/, 'Choose a province from the list');
const text = (max: number, what: string) => z.string().trim().min(1, `Enter the ${what}`).max(max, `At most ${max} characters`);

export const hubInput = z.object({
  name: text(100, 'hub name'),
  provinceCode,
  /** Street, barangay and city as people write them. */
  address: text(255, 'address'),
  /** "Mon–Sat, 8:00 AM – 6:00 PM". */
  openingHours: text(120, 'opening hours'),
  latitude: z.number().min(4, 'Latitude must be in the Philippines (4 to 22)').max(22, 'Latitude must be in the Philippines (4 to 22)'),
  longitude: z.number().min(116, 'Longitude must be in the Philippines (116 to 127)').max(127, 'Longitude must be in the Philippines (116 to 127)'),
});
export type HubInput = z.infer<typeof hubInput>;

/** PATCH /hubs/{id}: any of the fields; `isActive: false` deactivates (hubs are never deleted: shipments point at them). */
export const hubUpdate = hubInput.partial().extend({ isActive: z.boolean().optional() });
export type HubUpdate = z.infer<typeof hubUpdate>;

export const hubListQuery = z.object({
  provinceCode: provinceCode.optional(),
  /** Staff only: also the deactivated ones. */
  includeInactive: z.enum(['true', 'false']).optional(),
});
export type HubListQuery = z.infer<typeof hubListQuery>;

export const hubIdParams = z.object({ id: z.uuid('Hub not found') });

export const hubDto = z.object({
  id: z.string(),
  name: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  address: z.string(),
  openingHours: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  mapUrl: z.string(),
  isActive: z.boolean(),
});
export type HubDto = z.infer<typeof hubDto>;

/** A map search for the spot (opens the Maps app on phones). */
export const hubMapUrl = (latitude: number, longitude: number) => `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
