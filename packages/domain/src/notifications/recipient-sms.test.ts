import { describe, expect, it } from 'vitest';
import { recipientSmsText } from '../texts/sms.js';
import { RECIPIENT_SMS_KINDS, recipientTrackingLink, smsReplyIntent } from './recipient-sms.js';

const TN = 'ND927201310PH';

describe('the texts a recipient gets', () => {
  it('carry the /t/ link and the way to stop, and name the parcel', () => {
    const link = recipientTrackingLink('https://track.hatid-express.com.ph', TN);
    expect(link).toBe('https://track.hatid-express.com.ph/t/ND927201310PH');
    for (const kind of RECIPIENT_SMS_KINDS) {
      const text = recipientSmsText(kind, { trackingNumber: TN, link });
      expect(text).toContain(link);
      expect(text).toContain(`your parcel ${TN}`);
      expect(text).toContain('Reply STOP');
    }
  });

  it('with a long web address say "your parcel" (the link carries the number)', () => {
    const link = recipientTrackingLink('https://parcels.tracking.hatid-express-logistics.com.ph/app', TN);
    expect(recipientSmsText('delivery_failed', { trackingNumber: TN, link })).toBe(
      `Hatid: we could not deliver your parcel. See why: ${link} Reply STOP to stop texts.`,
    );
  });
});

describe('what a reply asks for', () => {
  it('STOP and its synonyms stop, START has the texts again, anything else is no instruction', () => {
    for (const text of ['STOP', ' stop ', 'Stop.', 'STOP please', 'unsubscribe', 'Hinto']) expect(smsReplyIntent(text), text).toBe('stop');
    for (const text of ['START', 'start', 'Unstop']) expect(smsReplyIntent(text), text).toBe('start');
    for (const text of ['', 'Thank you po', 'Where is my parcel? stop']) expect(smsReplyIntent(text), text).toBeNull();
  });
});
