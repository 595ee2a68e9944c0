// data:[<type>][;param=value]*;base64,<data>
const DATA_URL = /^data:(?:[\w.+-]+\/[\w.+-]+)?(?:;[\w.+-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes a data URL or bare base64 strictly: standard alphabet, correct padding, canonical trailing bits
 * (line breaks and spaces are ignored). Anything else gives null — Node's own decoder would silently skip
 * bad characters and hand back garbage.
 */
export function decodeBase64Strict(input: string): Buffer | null {
  let text = input.trim();
  if (/^data:/i.test(text)) {
    const prefix = DATA_URL.exec(text);
    if (!prefix) return null;
    text = text.slice(prefix[0].length);
  }
  text = text.replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) return null;
  return bytes;
}
