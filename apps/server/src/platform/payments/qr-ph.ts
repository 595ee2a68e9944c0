/**
 * A QR Ph-style payload (EMVCo merchant-presented QR: tag-length-value fields ending in a CRC16), so the
 * sandbox's code scans like a real one: a phone's QR reader sees merchant, amount and reference.
 */
function field(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE over the payload including "6304", as EMVCo prescribes. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function qrPhPayload(reference: string, amountInCents: number): string {
  const body =
    field('00', '01') +
    field('01', '12') + // dynamic: one payment
    field('28', field('00', 'com.p2pqrpay') + field('01', 'HATIDSBX') + field('03', reference.slice(0, 25))) +
    field('52', '4215') + // courier services
    field('53', '608') + // PHP
    field('54', (amountInCents / 100).toFixed(2)) +
    field('58', 'PH') +
    field('59', 'HATID SANDBOX') +
    field('60', 'MANILA') +
    field('62', field('05', reference.slice(0, 25)));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
