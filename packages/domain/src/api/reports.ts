import { z } from 'zod';
import { DELIVERY_TYPES } from '../catalogue/enums.js';

/**
 * Admin reports (the console's /reports screen): bookings and booked revenue by period, delivery type and
 * province, with a CSV download (docs/decisions.md "Reports").
 */

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** How far back a report reaches, per period size; defaults when no dates are given. */
export const REPORT_LIMITS = {
  maxDays: { day: 366, week: 1_100, month: 3_700 },
  defaultDays: { day: 30, week: 84, month: 365 },
} as const satisfies Record<string, Record<ReportPeriod, number>>;

const isoDay = z.iso.date('Use a yyyy-MM-dd date');

/** One value, repeated keys or a comma list. */
const deliveryTypesQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(DELIVERY_TYPES)))
  .optional();

/** GET /reports/sales. Dates are Manila days, both included; weeks start on Monday. */
export const salesReportQuery = z
  .object({
    period: z.enum(REPORT_PERIODS).default('day'),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    deliveryTypes: deliveryTypesQuery,
    /** A province code: shipments picked up or delivered there. */
    location: z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'Choose a province from the list')
      .optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['endDate'],
    message: 'The end date must not be before the start date',
  });
export type SalesReportQuery = z.input<typeof salesReportQuery>;
export type ParsedSalesReportQuery = z.output<typeof salesReportQuery>;

/** GET /reports/sales/export: the same, plus the file's name (the table title; "_all.csv" is added). */
export const salesReportExportQuery = salesReportQuery.safeExtend({ filename: z.string().trim().max(120).optional() });

export const salesFiguresDto = z.object({
  /** Booked and not cancelled. */
  bookings: z.number().int(),
  /** Booked in the range and cancelled since. */
  cancelled: z.number().int(),
  /** Of the bookings, those delivered by now. */
  delivered: z.number().int(),
  /** Booked total of the bookings (not cancelled), in centavos. */
  revenueInCents: z.number().int(),
});
export type SalesFiguresDto = z.infer<typeof salesFiguresDto>;

export const salesReportDto = z.object({
  period: z.enum(REPORT_PERIODS),
  startDate: z.string(),
  endDate: z.string(),
  totals: salesFiguresDto,
  /** Every period of the range, in order, zeros included; the first and last may be partial. */
  byPeriod: z.array(salesFiguresDto.extend({ periodStart: z.string(), periodEnd: z.string() })),
  /** Every delivery type, zeros included. */
  byDeliveryType: z.array(salesFiguresDto.extend({ deliveryType: z.enum(DELIVERY_TYPES), label: z.string() })),
  /** Provinces of origin (where the parcel is picked up) with any booking, most revenue first. */
  byProvince: z.array(salesFiguresDto.extend({ provinceCode: z.string(), provinceName: z.string() })),
});
export type SalesReportDto = z.infer<typeof salesReportDto>;
