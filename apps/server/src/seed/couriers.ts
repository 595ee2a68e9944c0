import type { couriers } from '../db/schema/index.js';

/**
 * The Philippine airlines that carry domestic air cargo, as carriers of category air: reference data like
 * the provinces, so every fresh database has them (docs/decisions.md, issue 29 item 4). The code is the
 * airline's IATA designator, printed on the manifest next to the flight. Contact details are left for staff
 * to fill in from their own cargo agreements: a made-up desk number would send a consolidator to the wrong
 * place.
 */
export const AIR_CARRIERS: (typeof couriers.$inferInsert)[] = [
  { name: 'Cebu Pacific Cargo', type: 'carrier', category: 'air', code: '5J' },
  { name: 'PAL Cargo (Philippine Airlines)', type: 'carrier', category: 'air', code: 'PR' },
  { name: 'PAL Express', type: 'carrier', category: 'air', code: '2P' },
  { name: 'AirAsia Philippines Cargo (Teleport)', type: 'carrier', category: 'air', code: 'Z2' },
  { name: 'Cebgo', type: 'carrier', category: 'air', code: 'DG' },
  { name: 'AirSWIFT', type: 'carrier', category: 'air', code: 'T6' },
];
