/**
 * Display formatting: the domain's own formatters (money, dates in Asia/Manila, relative time), so the web
 * app and the server word things the same way, plus the few that only screens need.
 */
import { centsToPesos } from '@hatid/domain';
export * from '@hatid/domain/format';
export { centsToPesos, gramsToKg, pesosToCents } from '@hatid/domain';

/** Centavos as a pesos box shows them, for editing: 12345 → "123.45" (no ₱, no thousands separator). */
export const pesosText = (cents: number) => centsToPesos(cents).toFixed(2);
