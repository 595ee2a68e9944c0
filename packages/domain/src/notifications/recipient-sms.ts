/**
 * Texts the recipient of a parcel gets by SMS (issue 33, "Recipient SMS with a live link"): what they are about,
 * the link in them and what a reply asks for. Their words, in English and Filipino, are in texts/sms.ts with every
 * other SMS (issue 32).
 */

/** What a recipient is texted about. */
export const RECIPIENT_SMS_KINDS = ['booked', 'out_for_delivery', 'delivery_failed', 'delivered'] as const;
export type RecipientSmsKind = (typeof RECIPIENT_SMS_KINDS)[number];

/**
 * The live link in a recipient's text: the web app's short path /t/{trackingNumber}, which opens the public
 * tracking page (/track?trackingNumber=…). The tracking number is the one thing in it: it is printed on the
 * waybill and shows only what public tracking shows (statuses and cities), never a name, number or street.
 */
export function recipientTrackingLink(publicUrl: string, trackingNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/t/${encodeURIComponent(trackingNumber)}`;
}

/** Words a recipient may reply to stop the texts, or to have them again (first word, any case). */
export const SMS_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'HINTO'] as const;
export const SMS_START_WORDS = ['START', 'UNSTOP', 'YES'] as const;

/** What an inbound reply asks for: 'stop', 'start', or null (anything else is not an instruction). */
export function smsReplyIntent(text: string): 'stop' | 'start' | null {
  const first =
    text
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^a-z]/gi, '')
      .toUpperCase() ?? '';
  if ((SMS_STOP_WORDS as readonly string[]).includes(first)) return 'stop';
  if ((SMS_START_WORDS as readonly string[]).includes(first)) return 'start';
  return null;
}
