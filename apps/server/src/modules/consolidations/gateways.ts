import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listProvinces, METRO_MANILA_CODE } from '../../platform/psgc/index.js';

/**
 * The airport each covered province's parcels fly from and to (its gateway): the cargo airport our hub
 * in that province trucks to. Metro Manila's ring (Bulacan, Cavite, Laguna, Rizal, Batangas, Pangasinan,
 * Benguet) consolidates at NAIA; Central Luzon at Clark. A province missing here has no gateway: its
 * shipments travel by land and are never offered for a consolidation (docs/decisions.md "Consolidations").
 */
const GATEWAYS_BY_PROVINCE_NAME: Record<string, string> = {
  'Metro Manila': 'MNL',
  Bulacan: 'MNL',
  Cavite: 'MNL',
  Laguna: 'MNL',
  Rizal: 'MNL',
  Batangas: 'MNL',
  Pangasinan: 'MNL',
  Benguet: 'MNL',
  Pampanga: 'CRK',
  Cebu: 'CEB',
  Bohol: 'TAG',
  Iloilo: 'ILO',
  'Negros Occidental': 'BCD',
  Leyte: 'TAC',
  'Davao del Sur': 'DVO',
  'Misamis Oriental': 'CGY',
  'South Cotabato': 'GES',
  'Zamboanga del Sur': 'ZAM',
};

function provinceCodeOf(name: string): string {
  if (name === 'Metro Manila') return METRO_MANILA_CODE;
  const found = listProvinces().find((p) => p.name === name);
  if (!found) throw new Error(`Unknown province in the gateway table: ${name}`);
  return found.code;
}

/** PSGC province code → IATA code of its gateway airport. */
export const GATEWAY_AIRPORTS: ReadonlyMap<string, string> = new Map(
  Object.entries(GATEWAYS_BY_PROVINCE_NAME).map(([name, iata]) => [provinceCodeOf(name), iata]),
);

export const gatewayOf = (provinceCode: string): string | null => GATEWAY_AIRPORTS.get(provinceCode) ?? null;

/** The provinces an airport serves (its catchment), for SQL `IN (...)`. */
export function provincesServedBy(iata: string): string[] {
  return [...GATEWAY_AIRPORTS].filter(([, code]) => code === iata).map(([province]) => province);
}

/** `CASE province WHEN … THEN 'MNL' … END` as one SQL expression with bound parameters, for grouping. */
export function gatewayExpression(column: AnyPgColumn): SQL {
  const cases = [...GATEWAY_AIRPORTS].map(([province, iata]) => sql`WHEN ${province} THEN ${iata}`);
  return sql`(CASE ${column} ${sql.join(cases, sql` `)} END)`;
}
