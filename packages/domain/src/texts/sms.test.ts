import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../i18n/index.js';
import { RECIPIENT_SMS_KINDS, recipientTrackingLink } from '../notifications/recipient-sms.js';
import { fitsOneSmsPart, gsm7Length } from './gsm7.js';
import { otpSmsText, recipientSmsText, SMS_TEXTS } from './sms.js';

/** Twilio's segment calculator (a maintained library), so the check does not rest on our own GSM-7 table alone. */
function expectOneGsm7Part(text: string) {
  const sms = new SegmentedMessage(text);
  expect(sms.getNonGsmCharacters(), text).toEqual([]);
  expect(sms.encodingName, text).toBe('GSM-7');
  expect(sms.segmentsCount, `${text} (${text.length})`).toBe(1);
  expect(fitsOneSmsPart(text), text).toBe(true);
}

const TN = 'ND927201310PH';
/** The production address and the longest one we would deploy under (a path prefix on a long domain). */
const LINKS = {
  usual: recipientTrackingLink('https://track.hatid-express.com.ph', TN),
  long: recipientTrackingLink('https://parcels.tracking.hatid-express-logistics.com.ph/app', TN),
};
const shop = (handleLength: number) => `${'a'.repeat(handleLength)}.myshopify.com`;

describe('every SMS is one GSM-7 part in English and Filipino', () => {
  it.each(LANGUAGES)('one-time codes in %s', (language) => {
    expectOneGsm7Part(otpSmsText(language, 'customer_sign_in', '999999'));
    expectOneGsm7Part(otpSmsText(language, 'rider_sign_in', '999999'));
    expectOneGsm7Part(otpSmsText(language, 'store_connection', '999999'));
  });

  it('a store connection naming the shop fits in Filipino whenever it fits in English', () => {
    // The shop must be named (the code works only for it), so a long address cannot be left out to save room. The
    // longest handle with which the English still fits one part: the Filipino must fit too.
    let handle = 1;
    while (fitsOneSmsPart(otpSmsText('en', 'store_connection', '999999', shop(handle + 1)))) handle++;
    expect(handle).toBeGreaterThanOrEqual(33);
    for (const language of LANGUAGES) expectOneGsm7Part(otpSmsText(language, 'store_connection', '999999', shop(handle)));
    // Shopify allows 60-character handles: such a shop's code goes in two parts in either language (why not one).
    for (const language of LANGUAGES) expect(fitsOneSmsPart(otpSmsText(language, 'store_connection', '999999', shop(60)))).toBe(false);
  });

  it.each(LANGUAGES)('recipient texts in %s name the parcel with the usual link, and fit with the long one', (language: Language) => {
    for (const kind of RECIPIENT_SMS_KINDS) {
      const usual = recipientSmsText(kind, { trackingNumber: TN, link: LINKS.usual }, language);
      expectOneGsm7Part(usual);
      expect(usual).toContain(TN);
      expect(usual).toContain(`${LINKS.usual} `);
      expect(usual).toContain('STOP');
      const long = recipientSmsText(kind, { trackingNumber: TN, link: LINKS.long }, language);
      expectOneGsm7Part(long);
      expect(long).toContain(LINKS.long);
    }
  });

  it('every SMS message of the catalogue is GSM-7 alone, in both languages', () => {
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(SMS_TEXTS.messages[language])) expect(gsm7Length(message), `${language} ${key}`).not.toBeNull();
    }
  });

  it('the Filipino texts are really Filipino', () => {
    expect(otpSmsText('fil', 'customer_sign_in', '123456')).toBe(
      'Ang Hatid sign-in code mo ay 123456. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kahit kanino.',
    );
    expect(recipientSmsText('delivered', { trackingNumber: TN, link: LINKS.usual }, 'fil')).toBe(
      `Hatid: Na-deliver na ang parcel ${TN}. Detalye: ${LINKS.usual} Reply STOP para tumigil.`,
    );
  });
});

describe('our GSM-7 table agrees with the library', () => {
  it('on the signs that force UCS-2 and on the ones that do not', () => {
    // ñ and Ñ are GSM-7 (Filipino names keep one part); the peso sign, curly quotes, dashes and emoji are not.
    for (const text of ['Peñaflorida', 'ÑIGUEZ', 'Hatid [x] €5 ~', 'P1,234.50 or PHP 1,234.50', '₱1,234.50', '“Hatid”', 'a — b', 'ok 🙏']) {
      const library = new SegmentedMessage(text);
      expect(gsm7Length(text) !== null, text).toBe(library.encodingName === 'GSM-7');
    }
    expect(gsm7Length('€[')).toBe(4);
    expect(fitsOneSmsPart('a'.repeat(160))).toBe(true);
    expect(fitsOneSmsPart('a'.repeat(161))).toBe(false);
  });
});
