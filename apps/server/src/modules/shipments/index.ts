/**
 * Shipments: the owner of the shipments table, its activities (status moves) and payment status: booking,
 * tracking, lists, waybills, proofs and documents, and paying a shipment from the wallet. Other modules change a
 * shipment only through what this face offers.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAttachmentReader } from '../uploads/index.js';
import { mayReadShipmentAttachment } from './attachments.service.js';
import { shipmentsRoutes } from './shipments.routes.js';
import { waybillsRoutes } from './waybills.routes.js';
import { shipmentListsRoutes } from './lists.routes.js';
import { shipmentStatsRoutes } from './stats.routes.js';
import { shipmentOperationsRoutes } from './operations.routes.js';
import { proofImagesRoutes } from './proof-images.routes.js';
import { documentsRoutes } from './documents.routes.js';
import { SHIPMENT_ANNOUNCE_TOPIC, createShipmentAnnouncer } from './shipment-events.js';

export { isShipmentOps } from './attachments.service.js';
export { bookShipment, bookShipments, checkBooking, newBookingContext } from './booking.service.js';
export type { BookingContext, BookingInput, ManyBookingResult } from './booking.service.js';
export { addDocument } from './documents.service.js';
export { loadWaybillBatch } from './waybills.service.js';
export { BILLED_ON_ACCOUNT } from './on-account.js';
export { mayRecordPayments, updateShipment } from './operations.service.js';
export { amountPaidInCents, paymentStatusFor, recordShipmentPayment, voidShipmentPayment } from './shipment-payments.js';
export type { TransactionRow } from './shipment-payments.js';
export { findShipmentRecipient, lastStatusActivity, lockShipment } from './shipments.repository.js';
export type { ShipmentRow } from './shipments.repository.js';
export { canSeeTrackingNumber, shipmentScope } from './shipments.scope.js';
export { findVisibleShipment, moveShipmentsTogether, phoneTime, putShipmentOnHold } from './status.service.js';
export type { TogetherMove } from './status.service.js';
export { payShipmentByWallet } from './wallet-payments.js';
export { SHIPMENT_MILESTONE_TOPIC } from './shipment-events.js';
export type { ShipmentMilestone } from './shipment-events.js';
export { BUSINESS_SHIPMENT_EVENT_TOPIC } from './shipment-events.js';
export type { BusinessShipmentEvent } from './shipment-events.js';
export { shipmentViews } from './shipments.service.js';

/** Registers the module's routes (under /api). */
export const shipmentsModule: FastifyPluginAsyncZod = async (app) => {
  // Files attached to this module's records are served by uploads to whoever may read the record.
  addAttachmentReader(mayReadShipmentAttachment);
  // Bookings, moves, cancellations and rider assignments announce themselves after their commit (shipment-events.ts).
  app.outbox.handleInTransaction(SHIPMENT_ANNOUNCE_TOPIC, createShipmentAnnouncer(app));
  await app.register(shipmentsRoutes, { prefix: '/shipments' });
  await app.register(waybillsRoutes, { prefix: '/shipments' });
  await app.register(shipmentListsRoutes, { prefix: '/shipments' });
  await app.register(shipmentStatsRoutes, { prefix: '/shipments' });
  await app.register(shipmentOperationsRoutes, { prefix: '/shipments' });
  await app.register(proofImagesRoutes, { prefix: '/shipments' });
  await app.register(documentsRoutes, { prefix: '/shipments' });
};
