import type { Promo, PromoCodeDto, PublicPromoCodeDto } from '@hatid/domain';
import type { PromoCodeRow } from './promo-codes.repository.js';

/** The domain's view of a stored code, for checkPromoCode and computeDiscount. */
export function toPromo(row: PromoCodeRow): Promo {
  return {
    code: row.code,
    type: row.type,
    amount: row.amount,
    startDate: row.startsAt,
    endDate: row.endsAt,
    usageCount: row.usageCount,
    maxUsage: row.maxUsage,
    maxUsagePerUser: row.maxUsagePerUser,
    applicableBoxTypes: row.applicableBoxTypes,
  };
}

export function toPromoCodeDto(row: PromoCodeRow): PromoCodeDto {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    type: row.type,
    // One column holds both units; the wire names each, so nobody reads a percentage as centavos.
    percentOff: row.type === 'percentage' ? row.amount : null,
    amountInCents: row.type === 'flat' ? row.amount : null,
    startDate: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    usageCount: row.usageCount,
    maxUsage: row.maxUsage,
    maxUsagePerUser: row.maxUsagePerUser,
    applicableBoxTypes: row.applicableBoxTypes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicPromoCodeDto(row: PromoCodeRow): PublicPromoCodeDto {
  const { code, description, type, percentOff, amountInCents, startDate, endDate, maxUsagePerUser, applicableBoxTypes } = toPromoCodeDto(row);
  return { code, description, type, percentOff, amountInCents, startDate, endDate, maxUsagePerUser, applicableBoxTypes };
}
