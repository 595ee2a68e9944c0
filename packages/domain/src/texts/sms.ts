import type { Language } from '../i18n/index.js';
import type { RecipientSmsKind } from '../notifications/recipient-sms.js';
import { textCatalogue } from './catalogue.js';
import { fitsOneSmsPart } from './gsm7.js';

/**
 * Every SMS Hatid sends, in English and Filipino: one-time codes (issue 2, 28) and the texts to a parcel's recipient
 * (issue 33). Each fits one GSM-7 part in both languages with the longest realistic parameters (sms.test.ts): plain
 * ASCII, no ₱, curly quotes or dashes. The recipient texts keep the English "Reply STOP": it is the word the
 * gateway's opt-out and every Philippine sender use, and Filipino readers know it ("HINTO" stops the texts too).
 */
export const SMS_TEXTS = textCatalogue(
  {
    'otp.customer_sign_in': 'Your Hatid sign-in code is {code}. It expires in 5 minutes. Never share it with anyone.',
    'otp.rider_sign_in': 'Your Hatid rider sign-in code is {code}. It expires in 5 minutes. Never share it with anyone.',
    // The code comes first, so nothing in a shop's address can be mistaken for it.
    'otp.store_connection': 'Your Hatid code is {code} to connect the store {store} to your Hatid business. If you did not ask for this, ignore it.',
    'otp.store_connection_unnamed': 'Your Hatid code is {code} to connect a Shopify store to your Hatid business. If you did not ask for this, ignore it.',
    'recipient.parcel': 'your parcel {trackingNumber}',
    'recipient.parcel_unnamed': 'your parcel',
    'recipient.booked': 'Hatid: {parcel} was booked for you. Track it: {link} Reply STOP to stop texts.',
    'recipient.out_for_delivery': 'Hatid: {parcel} is out for delivery today. Track it: {link} Reply STOP to stop texts.',
    'recipient.delivery_failed': 'Hatid: we could not deliver {parcel}. See why: {link} Reply STOP to stop texts.',
    'recipient.delivered': 'Hatid: {parcel} was delivered. Details: {link} Reply STOP to stop texts.',
  } as const,
  {
    'otp.customer_sign_in': 'Ang Hatid sign-in code mo ay {code}. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kahit kanino.',
    'otp.rider_sign_in': 'Ang Hatid rider sign-in code mo ay {code}. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kahit kanino.',
    'otp.store_connection': '{code} ang Hatid code mo para ikonekta ang store {store} sa Hatid business mo. Hindi ikaw ang humingi? Huwag pansinin.',
    'otp.store_connection_unnamed':
      '{code} ang Hatid code mo para ikonekta ang isang Shopify store sa Hatid business mo. Hindi ikaw ang humingi? Huwag pansinin.',
    'recipient.parcel': 'parcel {trackingNumber}',
    'recipient.parcel_unnamed': 'parcel',
    'recipient.booked': 'Hatid: Na-book para sa iyo ang {parcel}. I-track: {link} Reply STOP para tumigil.',
    'recipient.out_for_delivery': 'Hatid: Ide-deliver ngayong araw ang {parcel}. I-track: {link} Reply STOP para tumigil.',
    'recipient.delivery_failed': 'Hatid: Hindi na-deliver ang {parcel}. Tingnan kung bakit: {link} Reply STOP para tumigil.',
    'recipient.delivered': 'Hatid: Na-deliver na ang {parcel}. Detalye: {link} Reply STOP para tumigil.',
  },
);

/** What a one-time code is for (the server's otp_codes.purpose). */
export type OtpSmsPurpose = 'customer_sign_in' | 'rider_sign_in' | 'store_connection';

/** The SMS of a one-time code. A store connection names the shop when it was given (the code works only for it). */
export function otpSmsText(language: Language, purpose: OtpSmsPurpose, code: string, store?: string | null): string {
  if (purpose === 'store_connection') {
    return store ? SMS_TEXTS.t(language, 'otp.store_connection', { code, store }) : SMS_TEXTS.t(language, 'otp.store_connection_unnamed', { code });
  }
  return SMS_TEXTS.t(language, `otp.${purpose}`, { code });
}

/**
 * The SMS a recipient gets for one event. It names the parcel by its tracking number when that fits one part;
 * with a long PUBLIC_URL it says "your parcel" (the link still carries the number).
 */
export function recipientSmsText(kind: RecipientSmsKind, input: { trackingNumber: string; link: string }, language: Language = 'en'): string {
  const say = (parcel: string) => SMS_TEXTS.t(language, `recipient.${kind}`, { parcel, link: input.link });
  const full = say(SMS_TEXTS.t(language, 'recipient.parcel', { trackingNumber: input.trackingNumber }));
  return fitsOneSmsPart(full) ? full : say(SMS_TEXTS.t(language, 'recipient.parcel_unnamed'));
}
