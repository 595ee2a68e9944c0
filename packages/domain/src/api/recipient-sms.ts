import { z } from 'zod';

/** POST /shipments/track/{trackingNumber}/stop-texts: the recipient proves it is them with the last 4 digits of their mobile. */
export const MOBILE_LAST4_MESSAGE = 'Enter the last 4 digits of the mobile number the parcel is for';
export const stopRecipientTextsBody = z.object({
  mobileLast4: z
    .string()
    .trim()
    .regex(/^\d{4}$/, MOBILE_LAST4_MESSAGE),
});
export type StopRecipientTextsBody = z.infer<typeof stopRecipientTextsBody>;
export const stopRecipientTextsDto = z.object({ stopped: z.literal(true) });

/**
 * POST /sms/inbound: a text a person sent to our SMS number, as the provider forwards it (x-sms-inbound-token).
 * `from` in any spelling of a PH mobile number; `text` as typed.
 */
export const inboundSmsBody = z.object({
  from: z.string().trim().min(1, 'Enter the sender’s number').max(32),
  text: z.string().max(1600),
});
export type InboundSmsBody = z.infer<typeof inboundSmsBody>;
export const INBOUND_SMS_OUTCOMES = ['stopped', 'resumed', 'ignored'] as const;
export const inboundSmsAnswer = z.object({ received: z.literal(true), outcome: z.enum(INBOUND_SMS_OUTCOMES) });
