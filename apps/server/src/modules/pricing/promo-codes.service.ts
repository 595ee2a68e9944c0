import {
  PRICING_LIMITS,
  PROMO_MESSAGES,
  checkPromoCode,
  computeDiscount,
  createPromoCodeBody,
  type CreatePromoCodeBody,
  type Promo,
  type PromoCodeDto,
  type PromoCodeListQuery,
  type VerifyPromoCodeResult,
  type ParsedCreatePromoCodeInput as CreateInput,
  type ParsedUpdatePromoCodeInput as UpdateInput,
  type VerifyPromoCodeBody as VerifyInput,
} from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound, type FieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { loadPricingConfig } from './pricing-config.service.js';
import { quoteOrThrow } from './quote-price.js';
import { toPromo, toPromoCodeDto, toPublicPromoCodeDto } from './promo-codes.mapping.js';
import {
  countUnreleasedUses,
  findAnyPromoByCode,
  findLivePromoByCode,
  findLivePromoById,
  insertPromo,
  listLivePromos,
  softDeletePromo,
  updatePromo,
  type PromoCodeRow,
} from './promo-codes.repository.js';
import { toPage } from '../../db/paging.js';

export { releasePromoUse, reservePromoUse, type ReservePromoUseInput, type ReservedPromoUse } from './promo-codes.reservation.js';

type Options = { ip?: string; now?: Date };

// Columns are int4; these stop a typo from reaching the database as an overflow.
const MAX_FLAT_AMOUNT_IN_CENTS = PRICING_LIMITS.maxFeeInCents;
const MAX_USAGE_LIMIT = 1_000_000_000;

/** The code a price is computed with, and the person's uses that still count (0 when signed out). */
export async function loadPromoForQuote(
  db: DbOrTx,
  code: string,
  userId: string | null,
): Promise<{ promo: Promo | null; userUses: number; row: PromoCodeRow | null }> {
  const row = await findLivePromoByCode(db, code.trim());
  if (!row) return { promo: null, userUses: 0, row: null };
  const userUses = userId ? await countUnreleasedUses(db, row.id, userId) : 0;
  return { promo: toPromo(row), userUses, row };
}

/** POST /promo-codes/verification: the spec's checks in order; with packages, a discount preview. */
export async function verifyPromoCode(
  db: DbOrTx,
  { input, userId, now = new Date() }: { input: VerifyInput; userId: string | null; now?: Date },
): Promise<VerifyPromoCodeResult> {
  const { promo, userUses, row } = await loadPromoForQuote(db, input.code, userId);
  const boxNames = [...(input.boxNames ?? []), ...(input.packages ?? []).map((p) => p.boxName)];
  const check = checkPromoCode(promo, { boxNames, now, userUses });
  if (!check.ok || !row) return { valid: false, message: check.ok ? PROMO_MESSAGES.notFound : check.message };
  if (!input.packages?.length) return { valid: true, promo: toPublicPromoCodeDto(row) };
  // The packages total does not depend on the delivery type, so any type gives the same preview.
  const quote = quoteOrThrow({ deliveryType: 'next_day', packages: input.packages }, await loadPricingConfig(db), {});
  return { valid: true, promo: toPublicPromoCodeDto(row), discountPreviewInCents: computeDiscount(check.promo, quote.packagesTotalInCents) };
}

export async function listPromoCodes(db: DbOrTx, query: PromoCodeListQuery) {
  const { rows, total } = await listLivePromos(db, query);
  return toPage(rows.map(toPromoCodeDto), query, total);
}

export async function getPromoCode(db: DbOrTx, id: string): Promise<PromoCodeDto> {
  const row = await findLivePromoById(db, id);
  if (!row) throw notFound('Promo code');
  return toPromoCodeDto(row);
}

/** The validated promo fields as table columns (create and change store the same ones). */
function promoColumns(p: CreatePromoCodeBody) {
  return {
    code: p.code,
    type: p.type,
    // createPromoCodeBody guarantees the field of the code's type.
    amount: (p.type === 'percentage' ? p.percentOff : p.amountInCents)!,
    startsAt: p.startDate,
    endsAt: p.endDate,
    maxUsage: p.maxUsage,
    maxUsagePerUser: p.maxUsagePerUser,
    applicableBoxTypes: p.applicableBoxTypes,
  };
}

export async function createPromoCode(db: DbOrTx, actor: Actor, input: CreateInput, options: Options = {}): Promise<PromoCodeDto> {
  throwIfInvalid(storageProblems(input, 0));
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code, null);
    const row = await insertPromo(tx, {
      ...promoColumns(input),
      description: input.description ?? null,
      createdById: actor.id,
    }).catch(codeTaken);
    const dto = toPromoCodeDto(row);
    await log(tx, actor, 'CREATED', row, `Promo code ${row.code} created`, null, dto, options);
    return dto;
  });
}

export async function changePromoCode(db: DbOrTx, actor: Actor, id: string, patch: UpdateInput, options: Options = {}): Promise<PromoCodeDto> {
  return db.transaction(async (tx) => {
    const current = await findLivePromoById(tx, id);
    if (!current) throw notFound('Promo code');
    const before = toPromoCodeDto(current);
    // Re-check the merged record: the amount's type and the date order span fields the patch may not carry.
    // A code that changes type keeps no stored amount (it was in the other unit): the patch must give one.
    const type = patch.type ?? current.type;
    const storedAmount = (of: typeof type) => (type === of && current.type === of ? current.amount : null);
    const merged = createPromoCodeBody.safeParse({
      code: patch.code ?? current.code,
      type,
      percentOff: patch.percentOff === undefined ? storedAmount('percentage') : patch.percentOff,
      amountInCents: patch.amountInCents === undefined ? storedAmount('flat') : patch.amountInCents,
      startDate: patch.startDate ?? current.startsAt,
      endDate: patch.endDate ?? current.endsAt,
      maxUsage: patch.maxUsage === undefined ? current.maxUsage : patch.maxUsage,
      maxUsagePerUser: patch.maxUsagePerUser === undefined ? current.maxUsagePerUser : patch.maxUsagePerUser,
      applicableBoxTypes: patch.applicableBoxTypes ?? current.applicableBoxTypes,
    });
    if (!merged.success) throwIfInvalid(merged.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
    const next = merged.data!;
    throwIfInvalid(storageProblems(next, current.usageCount));
    if (next.code !== current.code.toUpperCase()) await assertCodeFree(tx, next.code, current.id);
    const row = await updatePromo(tx, id, {
      ...promoColumns(next),
      description: patch.description === undefined ? current.description : patch.description,
    }).catch(codeTaken);
    const after = toPromoCodeDto(row);
    await log(tx, actor, 'UPDATED', row, `Promo code ${row.code} changed`, before, after, options);
    return after;
  });
}

/** Soft delete: the code stops working for new bookings; shipments that used it keep it and can release it. */
export async function removePromoCode(db: DbOrTx, actor: Actor, id: string, options: Options = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findLivePromoById(tx, id);
    if (!current) throw notFound('Promo code');
    await softDeletePromo(tx, id, options.now ?? new Date());
    await log(tx, actor, 'DELETED', current, `Promo code ${current.code} deleted`, toPromoCodeDto(current), null, options);
  });
}

/** Rules of the stored record the form schema does not know about. */
function storageProblems(
  value: Pick<CreateInput, 'type' | 'amountInCents' | 'startDate' | 'endDate' | 'maxUsage' | 'maxUsagePerUser'>,
  usageCount: number,
): FieldError[] {
  const problems: FieldError[] = [];
  if (value.type === 'flat' && (value.amountInCents ?? 0) > MAX_FLAT_AMOUNT_IN_CENTS) {
    problems.push({ field: 'amountInCents', message: `Value must not exceed ${MAX_FLAT_AMOUNT_IN_CENTS}` });
  }
  if (value.endDate.getTime() <= value.startDate.getTime()) {
    problems.push({ field: 'endDate', message: 'End date must be after the start date' });
  }
  for (const field of ['maxUsage', 'maxUsagePerUser'] as const) {
    const limit = value[field];
    if (limit !== null && limit > MAX_USAGE_LIMIT) problems.push({ field, message: `Value must not exceed ${MAX_USAGE_LIMIT}` });
  }
  if (value.maxUsage !== null && value.maxUsage < usageCount) {
    problems.push({ field: 'maxUsage', message: `This code has been used ${usageCount} times; the limit cannot be lower` });
  }
  return problems;
}

function throwIfInvalid(problems: FieldError[]): void {
  if (problems.length === 0) return;
  throw new AppError('VALIDATION_FAILED', problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
}

const CODE_TAKEN = 'This code is already taken (also by deleted codes, which past shipments still show)';

async function assertCodeFree(db: DbOrTx, code: string, ownId: string | null): Promise<void> {
  const holder = await findAnyPromoByCode(db, code);
  if (holder && holder.id !== ownId) throw new AppError('CONFLICT', CODE_TAKEN, [{ field: 'code', message: CODE_TAKEN }]);
}

/** Two admins creating the same code at once: the unique index decides, the loser gets the same 409. */
function codeTaken(error: unknown): never {
  const e = (error as { cause?: { code?: string } })?.cause ?? (error as { code?: string });
  if (e?.code === '23505') throw new AppError('CONFLICT', CODE_TAKEN, [{ field: 'code', message: CODE_TAKEN }]);
  throw error;
}

function log(
  db: DbOrTx,
  actor: Actor,
  action: 'CREATED' | 'UPDATED' | 'DELETED',
  row: PromoCodeRow,
  summary: string,
  before: PromoCodeDto | null,
  after: PromoCodeDto | null,
  options: Options,
) {
  return recordActivity(db, { actor, action, entity: 'PromoCode', entityId: row.id, category: 'promo-codes', summary, before, after, ip: options.ip ?? null });
}
