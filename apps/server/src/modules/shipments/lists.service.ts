import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { normalizeMobileNumber, type ShipmentDto } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { coveredProvinces, shipmentPackages, shipments, transactions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { ListFilters } from './lists.schemas.js';
import { isDateOnly, manilaDayStart, manilaNextDayStart } from './manila-time.js';
import { consolidatorScope, partnerScope, shipmentScope } from './shipments.scope.js';
import { toShipmentDto, type PackageRow } from './shipments.repository.js';

/** Which list a call asks for; every view is further intersected with shipmentScope(actor). */
export type ListView = 'all' | 'mine' | 'rider' | 'consolidator' | 'partners' | 'courier';

export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
  /** True when `total` is the planner's estimate (more than EXACT_COUNT_LIMIT matches), see countShipments. */
  totalIsEstimate: boolean;
}

const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const assignedTo = (actorId: string) => or(eq(shipments.pickupRiderId, actorId), eq(shipments.dropOffRiderId, actorId))!;

/** Provinces a service partner serves (partner status), for staff looking at partner shipments. */
function inPartnerProvinces(): SQL {
  const served = sql`(select ${coveredProvinces.provinceCode} from ${coveredProvinces} where ${coveredProvinces.partnerStatus} = 'partner')`;
  return or(inArray(shipments.senderProvinceCode, served), inArray(shipments.receiverProvinceCode, served))!;
}

/**
 * What a view adds to the actor's scope, after checking the actor may ask for it at all (403 otherwise).
 * Scope decides what is visible; the view only narrows, so no view can ever widen what someone sees.
 */
export function viewCondition(actor: Actor, view: ListView): SQL | undefined {
  const has = (role: Actor['roles'][number]) => actor.roles.includes(role);
  switch (view) {
    case 'all':
      // Sales agents have no admin view of shipments, but their agent reports are their customers' shipments.
      if (!actor.ability.can('admin_view', 'Shipment') && !actor.ability.can('admin_view', 'AgentReport')) {
        throw forbidden('You are not allowed to list all shipments');
      }
      return undefined;
    case 'mine':
      if (!actor.ability.can('view', 'Shipment')) throw forbidden('You are not allowed to view shipments');
      return eq(shipments.ownerId, actor.id);
    case 'rider':
      if (!has('rider')) throw forbidden('Only riders have assigned shipments');
      return assignedTo(actor.id);
    case 'courier':
      if (!has('rider')) throw forbidden('Only riders have assigned shipments');
      return and(
        assignedTo(actor.id),
        notInArray(shipments.status, ['Cancelled']),
        notInArray(shipments.deliveryStatus, ['Delivered']),
      );
    case 'consolidator':
      if (!has('consolidator') && !actor.ability.can('update_delivery_status', 'Shipment')) {
        throw forbidden('Only consolidators have consolidator shipments');
      }
      return consolidatorScope();
    case 'partners':
      if (has('service_partner')) return partnerScope(actor.id);
      if (!actor.ability.can('admin_view', 'Shipment')) throw forbidden('You are not allowed to list partner shipments');
      return inPartnerProvinces();
  }
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const TRACKING_PREFIX = /^(ND|SD|IC)(\d{1,8}|\d{9}(P|PH)?)$/;

/** A tracking number (or its beginning), a mobile number, or part of the sender's or receiver's name. */
export function searchCondition(raw: string | undefined): SQL | undefined {
  const term = raw?.trim();
  if (!term) return undefined;
  const compact = term.replace(/[\s-]/g, '').toUpperCase();
  if (TRACKING_PREFIX.test(compact)) return sql`${shipments.trackingNumber} like ${`${compact}%`}`;
  const mobile = normalizeMobileNumber(term);
  if (mobile) return or(eq(shipments.senderMobileNumber, mobile), eq(shipments.receiverMobileNumber, mobile));
  const pattern = `%${escapeLike(term)}%`;
  return or(ilike(shipments.senderName, pattern), ilike(shipments.receiverName, pattern));
}

/** Created on or after startDate and on or before endDate; a bare date is a whole day in Manila. */
function createdBetween(startDate?: string, endDate?: string): SQL[] {
  const parts: SQL[] = [];
  if (startDate) parts.push(gte(shipments.createdAt, isDateOnly(startDate) ? manilaDayStart(startDate) : new Date(startDate)));
  if (endDate) {
    parts.push(isDateOnly(endDate) ? lt(shipments.createdAt, manilaNextDayStart(endDate)) : lte(shipments.createdAt, new Date(endDate)));
  }
  return parts;
}

const noLiveTransaction = () =>
  not(
    sql`exists (select 1 from ${transactions} where ${transactions.shipmentId} = ${shipments.id} and ${transactions.voidedAt} is null)`,
  );

/** The catalogue's shipment filters as one condition (undefined parts are dropped by `and`). */
export function filterCondition(f: ListFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    searchCondition(f.search),
    f.shipmentStatus?.length ? inArray(shipments.status, f.shipmentStatus) : undefined,
    f.deliveryStatus?.length ? inArray(shipments.deliveryStatus, f.deliveryStatus) : undefined,
    f.deliveryTypes?.length ? inArray(shipments.deliveryType, f.deliveryTypes) : undefined,
    f.senderProvince ? eq(shipments.senderProvinceCode, f.senderProvince) : undefined,
    f.receiverProvince ? eq(shipments.receiverProvinceCode, f.receiverProvince) : undefined,
    f.location ? or(eq(shipments.senderProvinceCode, f.location), eq(shipments.receiverProvinceCode, f.location)) : undefined,
    f.partnerId ? partnerScope(f.partnerId) : undefined,
    f.pickupById ? eq(shipments.pickupRiderId, f.pickupById) : undefined,
    f.dropOffById ? eq(shipments.dropOffRiderId, f.dropOffById) : undefined,
    f.deliveryCategory ? eq(shipments.deliveryCategory, f.deliveryCategory) : undefined,
    f.agentCode
      ? inArray(shipments.ownerId, sql`(select ${users.id} from ${users} where ${users.usedAgentCode} = ${f.agentCode})`)
      : undefined,
    f.userId ? eq(shipments.ownerId, f.userId) : undefined,
    f.includeTransactions === 'false' ? noLiveTransaction() : undefined,
    f.shipmentType ? eq(shipments.shipmentType, f.shipmentType) : undefined,
    ...createdBetween(f.startDate, f.endDate),
  ];
  return and(...parts);
}

/** Scope ∩ view ∩ filters: the one WHERE every list, export and count uses. */
export function listCondition(actor: Actor, view: ListView, filters: ListFilters): SQL {
  // shipmentScope already leaves deleted shipments out.
  return and(shipmentScope(actor), viewCondition(actor, view), filterCondition(filters))!;
}

/** A page of shipments, newest first, with the spec's pagination fields. */
export async function listShipments(
  db: Db,
  actor: Actor,
  view: ListView,
  query: ListFilters & { page: number; limit: number },
): Promise<Page<ShipmentDto>> {
  const { page, limit, ...filters } = query;
  const where = listCondition(actor, view, filters);
  // The planner's estimate (cached) decides how to count: a large result keeps it as its total and the
  // page is one query; a small one is counted exactly, up to EXACT_COUNT_LIMIT + 1, inside the page's query
  // (an uncorrelated subquery, which PostgreSQL runs once).
  const estimate = await cachedEstimate(db, where);
  const large = estimate > EXACT_COUNT_LIMIT;
  const capped = sql<number>`(select count(*)::int from (select 1 from ${shipments} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) capped)`;
  const rows = await db
    .select({ shipment: shipments, packages: packagesJson, cappedTotal: large ? sql<number>`null` : capped })
    .from(shipments)
    .where(where)
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit + 1) // one row more than asked, so hasNextPage is exact
    .offset((page - 1) * limit);
  const hasNextPage = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  const exact = rows[0]?.cappedTotal;
  const total = large
    ? { value: estimate, estimated: true }
    : exact === undefined || exact === null
      ? await countShipments(db, where)
      : exact > EXACT_COUNT_LIMIT
        ? { value: Math.max(estimate, exact), estimated: true }
        : { value: exact, estimated: false };
  const atLeast = (page - 1) * limit + pageRows.length + (hasNextPage ? 1 : 0);
  const counted = Math.max(total.value, atLeast);
  const totalPages = Math.ceil(counted / limit);
  return {
    data: pageRows.map((r) => toShipmentDto(r.shipment, parseJson(r.packages))),
    page,
    limit,
    total: counted,
    totalPages,
    hasNextPage,
    totalIsEstimate: total.estimated,
  };
}

// Spelled out: inside a select list drizzle renders a column unqualified ("id"), which in this subquery
// would name the package's own id.
const outerShipmentId = sql`${sql.identifier('shipments')}.${sql.identifier('id')}`;

/** A shipment's package lines as JSON, in the shape of a shipment_packages row. */
const packagesJson = sql<PackageRow[] | string>`coalesce((
  select json_agg(json_build_object(
    'id', p.id, 'shipmentId', p.shipment_id, 'position', p.position, 'boxName', p.box_name,
    'packagingCategory', p.packaging_category, 'itemCategory', p.item_category, 'description', p.description,
    'quantity', p.quantity, 'priceInCents', p.price_in_cents, 'basePriceInCents', p.base_price_in_cents,
    'boxRateInCents', p.box_rate_in_cents, 'imageUrl', p.image_url, 'heightInCm', p.height_in_cm,
    'lengthInCm', p.length_in_cm, 'widthInCm', p.width_in_cm, 'weightInGrams', p.weight_in_grams,
    'chargeableWeightInGrams', p.chargeable_weight_in_grams) order by p.position)
  from ${shipmentPackages} p where p.shipment_id = ${outerShipmentId}), '[]'::json)`;

// Drivers differ: node-postgres parses json columns, some return the text.
const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Up to this many matches the total is counted exactly (in the page's own query); above it, estimated. */
export const EXACT_COUNT_LIMIT = 1000;

/**
 * The number of shipments matching `where`. Counting 20,000 matches reads 20,000 rows on every page view,
 * so (as PostgREST's "estimated" count does) a large result takes PostgreSQL's own estimate from its
 * statistics instead, marked as such; small results, which people page through to the end, stay exact.
 */
export async function countShipments(db: Db, where: SQL, exactLimit = EXACT_COUNT_LIMIT): Promise<{ value: number; estimated: boolean }> {
  const estimate = await estimateShipments(db, where);
  if (estimate > exactLimit) return { value: estimate, estimated: true };
  const [counted] = await db.select({ n: count() }).from(shipments).where(where);
  return { value: Number(counted?.n ?? 0), estimated: false };
}

const ESTIMATE_TTL_MS = 10_000;
const estimates = new Map<string, { value: number; until: number }>();

/**
 * The estimate of a large result, kept 10 s per query: paging through a big list asks the same question on
 * every page, and an estimate that is a few seconds old is no less true than a fresh one.
 */
async function cachedEstimate(db: Db, where: SQL): Promise<number> {
  const { sql: text, params } = db.select({ id: shipments.id }).from(shipments).where(where).toSQL();
  const key = `${text}|${JSON.stringify(params)}`;
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && hit.until > now) return hit.value;
  const value = await estimateShipments(db, where);
  if (estimates.size >= 500) estimates.clear();
  estimates.set(key, { value, until: now + ESTIMATE_TTL_MS });
  return value;
}

/** PostgreSQL's own estimate of the matches, from its statistics (EXPLAIN: planning only, nothing read). */
export async function estimateShipments(db: Db, where: SQL): Promise<number> {
  const plan: unknown = await db.execute(sql`explain (format json) ${db.select({ id: shipments.id }).from(shipments).where(where)}`);
  // node-postgres answers { rows }, PGlite's drizzle driver the same; keep both shapes.
  const planRows = ((plan as { rows?: unknown }).rows ?? plan) as Record<string, unknown>[];
  const first = planRows[0] ? Object.values(planRows[0])[0] : undefined;
  const json = (typeof first === 'string' ? JSON.parse(first) : first) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(json?.[0]?.Plan['Plan Rows'] ?? 0);
}
