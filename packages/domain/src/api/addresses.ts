import { z } from 'zod';
import { mobileNumberSchema, nameSchema } from '../validation/index.js';

const psgcCode = z
  .string()
  .trim()
  .regex(/^\d{9,10}$/, 'Choose from the list');

export const PARTNER_STATUSES = ['direct', 'partner'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const addressInput = z.object({
  label: z.string().trim().max(50).optional(),
  name: nameSchema.meta({ title: 'Contact name' }),
  mobileNumber: mobileNumberSchema,
  email: z.email('Enter a valid email address').optional(),
  provinceCode: psgcCode,
  cityCode: psgcCode,
  barangayCode: psgcCode,
  streetName: z.string().trim().min(1).max(255, 'At most 255 characters'),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInput>;

export const addressDto = z.object({
  id: z.string(),
  label: z.string().nullable(),
  name: z.string(),
  mobileNumber: z.string(),
  email: z.string().nullable(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityLabel: z.string(),
  barangayCode: z.string(),
  barangayName: z.string(),
  streetName: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type AddressDto = z.infer<typeof addressDto>;

export const placeDto = z.object({ code: z.string(), name: z.string() });
export type PlaceDto = z.infer<typeof placeDto>;

export const coveredProvinceDto = z.object({
  provinceCode: z.string(),
  name: z.string(),
  partnerStatus: z.enum(PARTNER_STATUSES),
  retrievalFeeInCents: z.number().int(),
  isIntraCityEnabled: z.boolean(),
});
export type CoveredProvinceDto = z.infer<typeof coveredProvinceDto>;

/** GET /addresses/covered-provinces: only the provinces with (or without) intra-city delivery. */
export const coveredProvincesQuery = z.object({ isIntraCityEnabled: z.enum(['true', 'false']).optional() });

/** GET /addresses/covered-provinces/partner-status: which covered provinces a service partner serves. */
export const coveredProvinceStatusDto = coveredProvinceDto.pick({ provinceCode: true, name: true, partnerStatus: true });
export type CoveredProvinceStatusDto = z.infer<typeof coveredProvinceStatusDto>;

/** A PSGC code in a path (9 or 10 digits: older and newer codes). */
const placeCodeParam = z.string().regex(/^\d{9,10}$/, 'Unknown place code');
export const provinceCodeParams = z.object({ provinceCode: placeCodeParam });
export const cityMunicipalityCodeParams = z.object({ cityMunicipalityCode: placeCodeParam });

export const addressIdParams = z.object({ id: z.uuid('Address not found') });

export const updateRetrievalFeeBody = z.object({
  retrievalFeeInCents: z.number().int('Enter the fee in whole centavos').min(0, 'Value must be at least 0').max(10_000_00, 'Value must not exceed 1000000'),
});
