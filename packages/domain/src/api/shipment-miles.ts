import { z } from 'zod';
import { DELIVERY_STATUSES, SHIPMENT_STATUSES } from '../catalogue/enums.js';
import { MILE_STATUSES, SHIPMENT_MILES } from '../status/miles.js';
import { mileNoteText } from './files.js';

/** Shipment miles (api-catalogue "Shipment miles"): per-leg progress, staff details and notes. */
export const createMileNoteBody = z.object({ mile: z.enum(SHIPMENT_MILES), note: mileNoteText });

export const updateMileDetailsBody = z
  .object({
    courierId: z.uuid().nullable(),
    courierReference: z.string().trim().max(100).nullable(),
    handledById: z.uuid().nullable(),
    startedAt: z.iso.datetime({ offset: true }).nullable(),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change');
export type UpdateMileDetailsInput = z.input<typeof updateMileDetailsBody>;

export const mileNoteDto = z.object({
  id: z.string(),
  mile: z.enum(SHIPMENT_MILES),
  note: z.string(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
});
export type MileNoteDto = z.infer<typeof mileNoteDto>;
/** A mile (PATCH /shipment-miles/progress/{id}/update-details) or a mile note (DELETE /shipment-miles/notes/{id}) by its id. */
export const mileIdParams = z.object({ id: z.uuid() });

export const shipmentMileDto = z.object({
  id: z.string(),
  mile: z.enum(SHIPMENT_MILES),
  label: z.string(),
  status: z.enum(MILE_STATUSES),
  courierId: z.string().nullable(),
  courierReference: z.string().nullable(),
  handledById: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Operations notes; empty for people who do not run operations. */
  notes: z.array(mileNoteDto),
});
export type ShipmentMileDto = z.infer<typeof shipmentMileDto>;

export const shipmentProgressDto = z.object({
  trackingNumber: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  miles: z.array(shipmentMileDto),
});
export type ShipmentProgressDto = z.infer<typeof shipmentProgressDto>;
