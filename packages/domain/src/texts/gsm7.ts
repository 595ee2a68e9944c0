/**
 * One SMS part in the GSM 03.38 7-bit alphabet: 160 characters. A text with any character outside it goes as UCS-2,
 * 70 characters a part, and a second part costs a second SMS (and some phones show the parts out of order). The
 * catalogue's SMS are checked against Twilio's segment calculator too (sms.test.ts); this small table is what runs
 * in production, to pick the shorter form of a text that would not fit.
 */
export const SMS_PART_LENGTH = 160;

// GSM 03.38 basic set (ñ and Ñ are in it, so Filipino names and "Señor" stay GSM-7; ₱, curly quotes and dashes are
// not), and its extension table (each of those costs two characters: an escape and the sign).
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

/** The text's length in GSM-7 septets, or null when a character is outside GSM-7 (it would go as UCS-2, 70 a part). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) length += 1;
    else if (GSM7_EXTENSION.has(char)) length += 2;
    else return null;
  }
  return length;
}

/** True when the text goes as one GSM-7 SMS part. */
export const fitsOneSmsPart = (text: string): boolean => {
  const length = gsm7Length(text);
  return length !== null && length <= SMS_PART_LENGTH;
};
