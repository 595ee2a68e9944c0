/**
 * Recipient SMS (issue 33): the recipient of a parcel is texted a live tracking link when it is booked (if the
 * sender allows), goes out for delivery, fails a delivery attempt and is delivered; they stop the texts by
 * replying STOP or from the tracking page. It reacts to the shipments module's milestones (an outbox topic that
 * module writes and knows no handler of) and sends through the SMS provider's interface, after the commit.
 *
 * This file is the module's face (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHIPMENT_MILESTONE_TOPIC, type ShipmentMilestone } from '../shipments/index.js';
import { inboundSmsRoutes, stopTextsRoutes } from './recipient-sms.routes.js';
import { textRecipient } from './recipient-sms.service.js';

export { INBOUND_SMS_PATH, INBOUND_TOKEN_HEADER, inboundSmsTokenOf } from './recipient-sms.routes.js';
export { RECIPIENT_SMS_LIMITS } from './recipient-sms.service.js';

export const recipientSmsModule: FastifyPluginAsyncZod = async (app) => {
  // Outside the claiming transaction: the provider is asked with no transaction open (textRecipient claims first).
  app.outbox.handle(SHIPMENT_MILESTONE_TOPIC, async (row) => {
    await textRecipient({ db: app.db, sms: app.sms, publicUrl: app.config.PUBLIC_URL }, row.payload as unknown as ShipmentMilestone);
  });
  await app.register(stopTextsRoutes, { prefix: '/shipments' });
  await app.register(inboundSmsRoutes, { prefix: '/sms' });
};
