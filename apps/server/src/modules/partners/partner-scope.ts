/**
 * What a service partner serves, as a condition on shipments: the partner module owns the provinces a partner
 * covers, so the rule lives here and shipments, businesses and booking read it from the partners face.
 */
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import { coveredProvinces, shipments } from '../../db/schema/index.js';

/** Shipments picked up or delivered in the provinces a partner serves. */
export function partnerScope(partnerId: string): SQL {
  const served = sql`(select ${coveredProvinces.provinceCode} from ${coveredProvinces} where ${coveredProvinces.partnerId} = ${partnerId})`;
  return or(inArray(shipments.senderProvinceCode, served), inArray(shipments.receiverProvinceCode, served))!;
}
