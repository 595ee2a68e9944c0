import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { normalizeMobileNumber, type PartnerDto, type PartnerListQuery, type PartnerProvincesBody as ProvincesInput } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { coveredProvinces, shipments, users } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { escapeLike, toPage } from '../../db/paging.js';

export const PARTNER_CATEGORY = 'partners';

const isPartner = sql`exists (select 1 from "user_roles" ur join "roles" r on r.id = ur.role_id
  where ur.user_id = "users"."id" and r.name = 'service_partner')`;

/**
 * Which partners the actor may see: admin viewers of partners (admins, ssp) every one; a service partner
 * itself; anyone else none (403).
 */
function partnerVisibility(actor: Actor): SQL | undefined {
  if (actor.ability.can('admin_view', 'Partner')) return undefined;
  if (actor.roles.includes('service_partner')) return eq(users.id, actor.id);
  throw new AppError('FORBIDDEN', 'You are not allowed to see service partners');
}

function partnerSearch(raw: string | undefined): SQL | undefined {
  const term = raw?.trim();
  if (!term) return undefined;
  const mobile = normalizeMobileNumber(term);
  if (mobile) return eq(users.mobileNumber, mobile);
  const pattern = `%${escapeLike(term)}%`;
  return or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern));
}

type PartnerUser = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'mobileNumber' | 'status' | 'createdAt'>;
const partnerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobileNumber: users.mobileNumber,
  status: users.status,
  createdAt: users.createdAt,
};

/** Provinces and shipment counts of a page of partners, in two queries whatever the page size. */
async function toPartnerDtos(db: DbOrTx, people: PartnerUser[]): Promise<PartnerDto[]> {
  const ids = people.map((p) => p.id);
  if (ids.length === 0) return [];
  const [provinces, counts] = await Promise.all([
    db.select().from(coveredProvinces).where(inArray(coveredProvinces.partnerId, ids)).orderBy(asc(coveredProvinces.name)),
    // A shipment between two provinces of one partner counts once (distinct).
    db
      .select({
        partnerId: coveredProvinces.partnerId,
        total: sql<number>`count(distinct ${shipments.id})`,
        active: sql<number>`count(distinct ${shipments.id}) filter (where ${shipments.status} <> 'Cancelled' and ${shipments.deliveryStatus} <> 'Delivered')`,
        delivered: sql<number>`count(distinct ${shipments.id}) filter (where ${shipments.status} <> 'Cancelled' and ${shipments.deliveryStatus} = 'Delivered')`,
        cancelled: sql<number>`count(distinct ${shipments.id}) filter (where ${shipments.status} = 'Cancelled')`,
      })
      .from(shipments)
      .innerJoin(
        coveredProvinces,
        or(eq(coveredProvinces.provinceCode, shipments.senderProvinceCode), eq(coveredProvinces.provinceCode, shipments.receiverProvinceCode)),
      )
      .where(and(inArray(coveredProvinces.partnerId, ids), sql`${shipments.deletedAt} is null`))
      .groupBy(coveredProvinces.partnerId),
  ]);
  const countsOf = new Map(counts.map((c) => [c.partnerId, c]));
  return people.map((p) => {
    const c = countsOf.get(p.id);
    return {
      id: p.id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      email: p.email,
      mobileNumber: p.mobileNumber,
      status: p.status,
      provinces: provinces
        .filter((r) => r.partnerId === p.id)
        .map((r) => ({ provinceCode: r.provinceCode, name: r.name, retrievalFeeInCents: r.retrievalFeeInCents, isIntraCityEnabled: r.isIntraCityEnabled })),
      shipments: { total: Number(c?.total ?? 0), active: Number(c?.active ?? 0), delivered: Number(c?.delivered ?? 0), cancelled: Number(c?.cancelled ?? 0) },
      createdAt: p.createdAt.toISOString(),
    };
  });
}

/** GET /partners: service partners by name, with the provinces they serve and their shipment counts. */
export async function listPartners(db: Db, actor: Actor, query: PartnerListQuery) {
  const where = and(isPartner, partnerVisibility(actor), partnerSearch(query.search));
  const [totals] = await db.select({ n: count() }).from(users).where(where);
  const people = await db
    .select(partnerColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = Number(totals?.n ?? 0);
  return toPage(await toPartnerDtos(db, people), query, total);
}

async function findPartner(db: DbOrTx, id: string, visibility?: SQL): Promise<PartnerUser> {
  const [person] = await db
    .select(partnerColumns)
    .from(users)
    .where(and(eq(users.id, id), isPartner, visibility))
    .limit(1);
  if (!person) throw notFound('Service partner');
  return person;
}

/** GET /partners/{id}: a partner the actor may see (another partner, or someone who is none, is 404). */
export async function getPartner(db: Db, actor: Actor, id: string): Promise<PartnerDto> {
  const visibility = partnerVisibility(actor);
  const [dto] = await toPartnerDtos(db, [await findPartner(db, id, visibility)]);
  return dto!;
}

/**
 * PUT /partners/{id}/provinces (admins): the covered provinces the partner serves, as a whole list. Listed
 * provinces get this partner and partner status `partner`; provinces it no longer serves keep their status
 * and lose their partner. A province served by another partner is refused (409): one partner per province.
 */
export async function setPartnerProvinces(db: Db, actor: Actor, id: string, input: ProvincesInput, ip?: string): Promise<PartnerDto> {
  if (!actor.ability.can('update', 'Partner')) throw new AppError('FORBIDDEN', 'Only admins assign provinces to partners');
  const partner = await findPartner(db, id);
  const codes = input.provinceCodes;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(coveredProvinces)
      .where(or(eq(coveredProvinces.partnerId, id), codes.length ? inArray(coveredProvinces.provinceCode, codes) : undefined))
      .for('update');
    const byCode = new Map(rows.map((r) => [r.provinceCode, r]));
    codes.forEach((code, i) => {
      const row = byCode.get(code);
      if (!row) throw fieldError(`provinceCodes.${i}`, 'We do not deliver to this province yet', 'RULE_BROKEN');
      if (row.partnerId && row.partnerId !== id) {
        throw fieldError(`provinceCodes.${i}`, `${row.name} is served by another partner; take it from them first`, 'CONFLICT');
      }
    });
    const before = rows
      .filter((r) => r.partnerId === id)
      .map((r) => r.provinceCode)
      .sort();
    const after = [...codes].sort();
    const dropped = before.filter((c) => !codes.includes(c));
    const added = after.filter((c) => !before.includes(c));
    if (dropped.length === 0 && added.length === 0) return;
    if (dropped.length) await tx.update(coveredProvinces).set({ partnerId: null }).where(inArray(coveredProvinces.provinceCode, dropped));
    if (added.length) {
      await tx.update(coveredProvinces).set({ partnerId: id, partnerStatus: 'partner' }).where(inArray(coveredProvinces.provinceCode, added));
    }
    const name = `${partner.firstName} ${partner.lastName}`.trim();
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Partner',
      entityId: id,
      category: PARTNER_CATEGORY,
      summary: `Provinces of ${name}: ${added.length} added, ${dropped.length} removed`,
      before: { provinceCodes: before },
      after: { provinceCodes: after },
      ip: ip ?? null,
    });
  });
  const [dto] = await toPartnerDtos(db, [partner]);
  return dto!;
}
