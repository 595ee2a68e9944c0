import { and, eq, gte, inArray, lt, lte, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  normalizeMobileNumber,
  normalizeTrackingNumber,
  SHIPMENT_TABS,
  shipmentTabFilters,
  type ShipmentDto,
  type ShipmentSortKey,
  type ShipmentTabCounts,
  type ShipmentListFilters as ListFilters,
} from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { allOf, cachedEstimateOf, countOrEstimate, estimateOfParts, EXACT_COUNT_LIMIT, keyedParts, type Counted, type KeyedPart } from '../../db/estimate.js';
import { executeNamed, rowsOf } from '../../db/rendered.js';
export { EXACT_COUNT_LIMIT };
import { coveredProvinces, shipments, transactions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { isDateOnly, manilaDayStart, manilaNextDayStart } from '../../core/manila-time.js';
import { consolidatorScope, seesAllShipments, shipmentScope } from './shipments.scope.js';
import { partnerScope } from '../partners/index.js';
import { toShipmentDto } from './shipments.repository.js';
import { selectByIds, selectMatchesPage, selectPage, type ListedRow } from './list-rows.js';
import {
  NAME_PAGE_DEPTH,
  nameMatches,
  nameMatchesEstimated,
  nameSearchTerm,
  nameStartCondition,
  pageOfTermWithin,
  pageOfTerms,
  termsOfName,
} from './name-search.js';

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
 * Who may open the shipments table (GET /shipments and its export): the admin view; sales agents, whose
 * agent reports are their customers' shipments; and whoever moves any shipment's delivery status (ssp
 * hold that without the admin view, and need the list to work). Scope still decides the rows.
 */
export function mayListShipments(actor: Actor): boolean {
  const { ability } = actor;
  return ability.can('admin_view', 'Shipment') || ability.can('admin_view', 'AgentReport') || ability.can('update_delivery_status', 'Shipment');
}

/**
 * What a view adds to the actor's scope, after checking the actor may ask for it at all (403 otherwise).
 * Scope decides what is visible; the view only narrows, so no view can ever widen what someone sees.
 */
export function viewCondition(actor: Actor, view: ListView): SQL | undefined {
  const has = (role: Actor['roles'][number]) => actor.roles.includes(role);
  switch (view) {
    case 'all':
      if (!mayListShipments(actor)) throw forbidden('You are not allowed to list all shipments');
      return undefined;
    case 'mine':
      if (!actor.ability.can('view', 'Shipment')) throw forbidden('You are not allowed to view shipments');
      return eq(shipments.ownerId, actor.id);
    case 'rider':
      if (!has('rider')) throw forbidden('Only riders have assigned shipments');
      return assignedTo(actor.id);
    case 'courier':
      if (!has('rider')) throw forbidden('Only riders have assigned shipments');
      return and(assignedTo(actor.id), notInArray(shipments.status, ['Cancelled']), notInArray(shipments.deliveryStatus, ['Delivered']));
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

const TRACKING_PREFIX = /^(ND|SD|IC)(\d{1,8}|\d{9}(P|PH)?)$/;
/**
 * A tracking number (or its beginning), a mobile number, or the beginning of a word in the sender's or
 * receiver's name (and what follows it): "garc" and "juan garcia" find Juan Garcia, "arcia" does not.
 */
export function searchCondition(raw: string | undefined): SQL | undefined {
  const term = raw?.trim();
  if (!term) return undefined;
  const compact = normalizeTrackingNumber(term);
  if (TRACKING_PREFIX.test(compact)) return sql`${shipments.trackingNumber} like ${`${compact}%`}`;
  const mobile = normalizeMobileNumber(term);
  if (mobile) return or(eq(shipments.senderMobileNumber, mobile), eq(shipments.receiverMobileNumber, mobile));
  const words = nameSearchTerm(term);
  return words ? nameStartCondition(words) : sql`false`;
}

/**
 * A search, resolved through its own index before the list is read (the functions of migrations 0014, 0018 and
 * 0019), counting its matches there, so no list of them travels to the server:
 *   - `ids`: a name or tracking-number search matching fewer than `cap` index entries: `count` shipments,
 *     and `matches`, a relation of their ids and booking times (each shipment once) for the list's statements;
 *   - `many`: one reaching `cap` entries (a common surname, a short prefix): the list filters as it reads in
 *     booking-time order instead, and its total is an estimate of at least `cap`;
 *   - `none`: no search, or a mobile number (its equality indexes need no help).
 */
export type ResolvedSearch = { kind: 'none' } | { kind: 'ids'; count: number; matches: SQL; by: SearchBy } | { kind: 'many'; atLeast: number; by: SearchBy };

type SearchBy = 'name' | 'tracking';

/** Nothing matches: an empty relation of the shape of `matches`. */
const NO_MATCHES = sql`(select null::uuid as id, null::timestamptz as created_at where false)`;

export async function resolveSearch(db: Db, raw: string | undefined, cap = EXACT_COUNT_LIMIT + 1): Promise<ResolvedSearch> {
  const term = raw?.trim();
  if (!term) return { kind: 'none' };
  const compact = normalizeTrackingNumber(term);
  let matching: SQL;
  let by: SearchBy;
  let entries = cap;
  if (TRACKING_PREFIX.test(compact)) {
    // [prefix, next prefix): tracking numbers are digits and capital letters, so this is LIKE 'prefix%'.
    const next = compact.slice(0, -1) + String.fromCharCode(compact.charCodeAt(compact.length - 1) + 1);
    matching = sql`shipments_matching_tracking_range(${compact}, ${next}, ${cap})`;
    by = 'tracking';
  } else if (normalizeMobileNumber(term)) {
    return { kind: 'none' };
  } else {
    const words = nameSearchTerm(term);
    if (!words) return { kind: 'ids', count: 0, matches: NO_MATCHES, by: 'name' };
    // Twice the cap in entries: a shipment whose sender and receiver both match is in the index twice.
    entries = 2 * cap;
    matching = nameMatches(words, entries);
    by = 'name';
  }
  const [counted] = rowsOf<{ shipments: number; entries: number }>(
    await executeNamed(db, `shipment_search_count_${by}`, sql`select count(distinct m.id)::int as shipments, count(*)::int as entries from ${matching} m`),
  );
  const found = Number(counted?.shipments ?? 0);
  if (found >= cap || Number(counted?.entries ?? 0) >= entries) return { kind: 'many', atLeast: Math.min(found, cap), by };
  return { kind: 'ids', count: found, matches: sql`(select distinct m.id, m.created_at from ${matching} m)`, by };
}

/** The ids a search matched (in no order), or null when it was not resolved to ids (see resolveSearch). */
export async function searchCandidates(db: Db, raw: string | undefined, cap = EXACT_COUNT_LIMIT + 1): Promise<string[] | null> {
  const resolved = await resolveSearch(db, raw, cap);
  if (resolved.kind !== 'ids') return null;
  return rowsOf<{ id: string }>(await db.execute(sql`select m.id from ${resolved.matches} m`)).map((r) => r.id);
}

/** The list's filters narrowed to a resolved search's matches (resolveSearch). */
function withMatches(where: SQL, search: ResolvedSearch): SQL {
  if (search.kind !== 'ids') return where;
  // An array computed once, then looked up by key: the matches drive, whatever the planner guesses of them (as a
  // join it may rather scan a 10,000-shipment table and probe the matches for each row).
  return and(where, sql`${shipments.id} = any(array(select m.id from ${search.matches} m))`)!;
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
  not(sql`exists (select 1 from ${transactions} where ${transactions.shipmentId} = ${shipments.id} and ${transactions.voidedAt} is null)`);

/** The catalogue's shipment filters as one condition (undefined parts are dropped by `and`). */
export function filterCondition(f: ListFilters): SQL | undefined {
  return allOf(filterParts(f));
}

/**
 * The filters' conditions, one per filter given, each keyed by the filter and its value (estimateOfParts); a date
 * range's two bounds are one part.
 */
function filterParts(f: ListFilters): KeyedPart[] {
  const dates = createdBetween(f.startDate, f.endDate);
  return keyedParts([
    ['search', f.search, searchCondition(f.search)],
    ['shipmentStatus', f.shipmentStatus, f.shipmentStatus?.length ? inArray(shipments.status, f.shipmentStatus) : undefined],
    ['deliveryStatus', f.deliveryStatus, f.deliveryStatus?.length ? inArray(shipments.deliveryStatus, f.deliveryStatus) : undefined],
    ['deliveryTypes', f.deliveryTypes, f.deliveryTypes?.length ? inArray(shipments.deliveryType, f.deliveryTypes) : undefined],
    ['senderProvince', f.senderProvince, f.senderProvince ? eq(shipments.senderProvinceCode, f.senderProvince) : undefined],
    ['receiverProvince', f.receiverProvince, f.receiverProvince ? eq(shipments.receiverProvinceCode, f.receiverProvince) : undefined],
    ['location', f.location, f.location ? or(eq(shipments.senderProvinceCode, f.location), eq(shipments.receiverProvinceCode, f.location)) : undefined],
    ['partnerId', f.partnerId, f.partnerId ? partnerScope(f.partnerId) : undefined],
    ['pickupById', f.pickupById, f.pickupById ? eq(shipments.pickupRiderId, f.pickupById) : undefined],
    ['dropOffById', f.dropOffById, f.dropOffById ? eq(shipments.dropOffRiderId, f.dropOffById) : undefined],
    ['deliveryCategory', f.deliveryCategory, f.deliveryCategory ? eq(shipments.deliveryCategory, f.deliveryCategory) : undefined],
    [
      'agentCode',
      f.agentCode,
      f.agentCode ? inArray(shipments.ownerId, sql`(select ${users.id} from ${users} where ${users.usedAgentCode} = ${f.agentCode})`) : undefined,
    ],
    ['userId', f.userId, f.userId ? eq(shipments.ownerId, f.userId) : undefined],
    ['includeTransactions', f.includeTransactions, f.includeTransactions === 'false' ? noLiveTransaction() : undefined],
    ['shipmentType', f.shipmentType, f.shipmentType ? eq(shipments.shipmentType, f.shipmentType) : undefined],
    ['created', [f.startDate, f.endDate], dates.length > 0 ? and(...dates) : undefined],
  ]);
}

/** Scope ∩ view ∩ filters: the one WHERE every list, export and count uses. */
export function listCondition(actor: Actor, view: ListView, filters: ListFilters): SQL {
  return allOf(listConditionParts(actor, view, filters))!;
}

/** listCondition as the parts it ANDs, keyed, which its estimate is worked out from (estimateOfParts). */
function listConditionParts(actor: Actor, view: ListView, filters: ListFilters): KeyedPart[] {
  // shipmentScope already leaves deleted shipments out. Who someone is decides both scope and view.
  const who = seesAllShipments(actor) ? 'everyone' : JSON.stringify([actor.id, actor.roles, actor.user.businessId, actor.user.agentCode]);
  const parts: KeyedPart[] = [{ key: `scope=${who}`, condition: shipmentScope(actor) }];
  const viewed = viewCondition(actor, view);
  if (viewed) parts.push({ key: `view=${JSON.stringify([view, actor.id])}`, condition: viewed });
  return [...parts, ...filterParts(filters)];
}

/**
 * "Sender's or recipient's province" as two disjoint halves (sender's; recipient's with another sender),
 * each walked on its own province index: an OR can only walk the booking-time index and filter, which at
 * 1,000,000 shipments reads ten times the rows a deep page needs (see pageStatement).
 */
function locationHalves(actor: Actor, view: ListView, filters: ListFilters): [SQL, SQL] | null {
  const province = filters.location;
  if (!province || filters.search) return null;
  const rest = listCondition(actor, view, { ...filters, location: undefined });
  return [
    and(rest, eq(shipments.senderProvinceCode, province))!,
    and(rest, eq(shipments.receiverProvinceCode, province), ne(shipments.senderProvinceCode, province))!,
  ];
}

/** A page of shipments (newest first unless sorted otherwise), with the spec's pagination fields. */
export async function listShipments(
  db: Db,
  actor: Actor,
  view: ListView,
  query: ListFilters & { page: number; limit: number; sortBy?: ShipmentSortKey | undefined; sortOrder?: 'asc' | 'desc' | undefined },
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<Page<ShipmentDto>> {
  // sortBy has one value (the booking time); sortOrder picks the direction.
  const { page, limit, sortBy: _sortBy, sortOrder, ...filters } = query;
  const search = await resolveSearch(db, filters.search);
  const direction = sortOrder === 'asc' ? 'asc' : 'desc';
  const offset = (page - 1) * limit;
  if (search.kind === 'ids' && search.count <= exactLimit && onlySearched(actor, view, filters)) {
    // Nothing but the search narrows the list: its matches are the whole answer, counted exactly.
    const rows = offset >= search.count ? [] : await selectMatchesPage(db, search.matches, search.by, direction, offset, limit + 1);
    return pageOf(rows, page, limit, { value: search.count, estimated: false });
  }
  if (search.kind === 'many' && search.by === 'name' && offset + limit + 1 <= NAME_PAGE_DEPTH) {
    const common = await pageOfCommonName(db, actor, view, filters, search.atLeast, direction, offset, limit + 1);
    if (common) return pageOf(await selectByIds(db, common.ids), page, limit, common.total);
  }
  const resolved = search.kind === 'ids' ? search : null;
  const parts = listConditionParts(actor, view, filters);
  const where = resolved ? withMatches(listCondition(actor, view, { ...filters, search: undefined }), resolved) : allOf(parts)!;
  // The planner's estimate (kept 10 s) decides how to count: a large result keeps it as its total, since
  // counting even 1,001 sparse matches can walk most of the table; a small one is counted exactly, up to
  // EXACT_COUNT_LIMIT + 1, in the page's own statement (selectPage).
  // A resolved search has at most EXACT_COUNT_LIMIT matches: small, and counted exactly below, with no EXPLAIN.
  // A search known to match more than the cap is large whatever the planner guesses (it cannot estimate
  // ILIKE '%santos%', and guesses a few hundred): no point collecting 1,001 matches again to count them.
  // A common name search is counted from the name index instead (commonNameTotal).
  const commonName = search.kind === 'many' && search.by === 'name';
  const estimate = resolved ? resolved.count : commonName ? 0 : await estimateOfParts(db, shipments, parts);
  const large = search.kind === 'many' || estimate > exactLimit;
  const walk = () => selectPage(db, { where, direction, limit, offset, smallUpTo: null, halves: resolved ? null : locationHalves(actor, view, filters) });
  let rows = large
    ? await walk()
    : await selectPage(
        db,
        resolved
          ? { where: listCondition(actor, view, { ...filters, search: undefined }), matches: resolved.matches, direction, limit, offset, smallUpTo: exactLimit }
          : { where, direction, limit, offset, smallUpTo: exactLimit },
      );
  let total: Counted;
  if (large) {
    total = commonName
      ? await commonNameTotal(db, actor, view, filters, search.atLeast, offset, rows.length, limit + 1)
      : { value: search.kind === 'many' ? Math.max(estimate, search.atLeast) : estimate, estimated: true };
  } else {
    // An empty page has no row to carry the count: count apart (a page past the end, or past the cap).
    const exact = rows[0]?.cappedTotal;
    total =
      exact === undefined || exact === null
        ? await countOrEstimate(db, shipments, where, exactLimit, resolved ? undefined : parts)
        : exact > exactLimit
          ? { value: Math.max(estimate, exact), estimated: true }
          : { value: exact, estimated: false };
    // The estimate was too low: more matched than the cap, so the page comes from the ordered walk instead.
    if (total.estimated) rows = await walk();
  }
  return pageOf(rows, page, limit, total);
}

/**
 * A page of a common name search (`many`) from the name index (name-search.ts), or null when the walk must
 * answer: a search beginning too many terms, or filters with more than one term, or a view narrower than
 * every shipment (a customer's own, a partner's provinces: there the walk on that view's index is shorter).
 */
async function pageOfCommonName(
  db: Db,
  actor: Actor,
  view: ListView,
  filters: ListFilters,
  atLeast: number,
  direction: 'asc' | 'desc',
  offset: number,
  count: number,
): Promise<{ ids: string[]; total: Counted } | null> {
  if (!seesAllShipments(actor) || viewCondition(actor, view) !== undefined) return null;
  const words = nameSearchTerm(filters.search ?? '');
  const terms = words ? await termsOfName(db, words) : null;
  if (!terms) return null;
  const alone = filterCondition({ ...filters, search: undefined }) === undefined;
  if (!alone && terms.length !== 1) return null;
  const ids = alone
    ? await pageOfTerms(db, terms, direction, offset, count)
    : await pageOfTermWithin(db, terms[0]!, listCondition(actor, view, { ...filters, search: undefined }), direction, offset, count);
  return { ids, total: await commonNameTotal(db, actor, view, filters, atLeast, offset, ids.length, count) };
}

/**
 * The total of a common name search: with nothing else to filter, at least the matches resolveSearch saw;
 * within filters, what the planner expects of the name index joined to them. Exact on the list's last page
 * (the rows before it and on it are then all of them).
 */
async function commonNameTotal(
  db: Db,
  actor: Actor,
  view: ListView,
  filters: ListFilters,
  atLeast: number,
  offset: number,
  rows: number,
  asked: number,
): Promise<Counted> {
  const seen = offset + rows;
  // Fewer rows than asked for (one more than the page): nothing after them, so they and the rows before are all.
  if (rows > 0 && rows < asked) return { value: seen, estimated: false };
  const words = nameSearchTerm(filters.search ?? '');
  const rest = { ...filters, search: undefined };
  const alone = onlySearched(actor, view, filters);
  const estimate = await cachedEstimateOf(db, nameMatchesEstimated(words, alone ? undefined : listCondition(actor, view, rest)));
  return { value: Math.max(estimate, alone ? atLeast : 0, seen), estimated: true };
}

/** Everyone's shipments, searched and nothing else: no scope beyond "not deleted", no view, no filter. */
function onlySearched(actor: Actor, view: ListView, filters: ListFilters): boolean {
  return seesAllShipments(actor) && viewCondition(actor, view) === undefined && filterCondition({ ...filters, search: undefined }) === undefined;
}

/** A page of rows (one more than the limit when there is a next page) with the spec's pagination fields. */
function pageOf(rows: ListedRow[], page: number, limit: number, total: Counted): Page<ShipmentDto> {
  const hasNextPage = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  // Rows on this page prove at least this many; a page past the end proves nothing.
  const atLeast = pageRows.length === 0 ? 0 : (page - 1) * limit + pageRows.length + (hasNextPage ? 1 : 0);
  const counted = Math.max(total.value, atLeast);
  return {
    data: pageRows.map((r) => toShipmentDto(r.shipment, r.packages)),
    page,
    limit,
    total: counted,
    totalPages: Math.ceil(counted / limit),
    hasNextPage,
    totalIsEstimate: total.estimated,
  };
}

/**
 * How many shipments each tab holds for the list's search and filters (its own status filters are
 * replaced by each tab's): 'All' plus SHIPMENT_TABS, each exact up to EXACT_COUNT_LIMIT, estimated above.
 */
export async function countTabs(db: Db, actor: Actor, view: ListView, filters: ListFilters): Promise<ShipmentTabCounts> {
  const search = await resolveSearch(db, filters.search);
  const resolved = search.kind === 'ids';
  const base = { ...filters, shipmentStatus: undefined, deliveryStatus: undefined, ...(resolved ? { search: undefined } : {}) };
  const tabs = [undefined, ...SHIPMENT_TABS] as const;
  const counted = await Promise.all(
    tabs.map((tab) => {
      const parts = listConditionParts(actor, view, { ...base, ...shipmentTabFilters(tab) });
      const where = allOf(parts)!;
      // A resolved search has at most EXACT_COUNT_LIMIT matches: counted exactly, whatever the planner guesses.
      return resolved ? countExactly(db, withMatches(where, search)) : countOrEstimate(db, shipments, where, EXACT_COUNT_LIMIT, parts);
    }),
  );
  return {
    counts: Object.fromEntries(tabs.map((tab, i) => [tab ?? 'All', counted[i]!.value])),
    estimated: counted.some((c) => c.estimated),
  };
}

async function countExactly(db: Db, where: SQL): Promise<Counted> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${shipments} where ${where}`));
  return { value: Number(row?.n ?? 0), estimated: false };
}

/** The number of shipments matching `where`: exact up to EXACT_COUNT_LIMIT, estimated above (db/estimate.ts). */
export function countShipments(db: Db, where: SQL, exactLimit = EXACT_COUNT_LIMIT): Promise<Counted> {
  return countOrEstimate(db, shipments, where, exactLimit);
}
