// Optional +63, 63 or 0, then 9 or 8, then 9 digits (spaces and dashes are ignored).
// A module of its own, without zod: the rider's sign-in page needs only this, and importing it from
// validation/index.ts (which builds zod schemas when it loads) put all of zod in that page's first visit.
const MOBILE_PATTERN = /^(?:\+63|63|0)?([98]\d{9})$/;

/** Returns the number in E.164 form (+639171234567), or null when it is not a PH mobile number. */
export function normalizeMobileNumber(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  const match = MOBILE_PATTERN.exec(compact);
  return match ? `+63${match[1]}` : null;
}
