import { z } from 'zod';
import { USER_STATUSES } from './users.js';
import { pageQuery } from './common.js';

/**
 * Service partners (the console's /partners screen): accounts with the service_partner role, the covered
 * provinces each serves, and how many of its shipments are where (docs/decisions.md "Service partners").
 * Their shipments are GET /shipments/partners?partnerId=…, their download /shipments/partners/export.
 */

export const partnerListQuery = pageQuery.extend({
  /** Part of the name or email (any case), or a mobile number. */
  search: z.string().trim().max(100).optional(),
});
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

export const partnerIdParams = z.object({ id: z.uuid('Service partner not found') });

const provinceCode = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Choose a province from the list');

/** PUT /partners/{id}/provinces: the whole list of covered provinces the partner serves (may be empty). */
export const partnerProvincesBody = z.object({
  provinceCodes: z
    .array(provinceCode)
    .max(100)
    .refine((codes) => new Set(codes).size === codes.length, 'Each province only once'),
});
export type PartnerProvincesInput = z.input<typeof partnerProvincesBody>;
export type PartnerProvincesBody = z.output<typeof partnerProvincesBody>;

export const partnerProvinceDto = z.object({
  provinceCode: z.string(),
  name: z.string(),
  retrievalFeeInCents: z.number().int(),
  isIntraCityEnabled: z.boolean(),
});
export type PartnerProvinceDto = z.infer<typeof partnerProvinceDto>;

export const partnerShipmentCountsDto = z.object({
  /** Picked up or delivered in its provinces, not deleted. */
  total: z.number().int(),
  /** Not delivered and not cancelled. */
  active: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
});

export const partnerDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  provinces: z.array(partnerProvinceDto),
  shipments: partnerShipmentCountsDto,
  createdAt: z.string(),
});
export type PartnerDto = z.infer<typeof partnerDto>;
