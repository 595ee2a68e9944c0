import { describe, expect, it } from 'vitest';
import { formatMobileNumber, formatMoney, formatPesoAmount } from './format';

describe('format', () => {
  it('shows money in pesos from cents, and PHP 0.00 for a value that is not a number', () => {
    expect(formatMoney(72000)).toBe('₱720.00');
    expect(formatPesoAmount(Number.NaN)).toBe('PHP 0.00');
    // One way of writing pesos: a priced amount reads like any other.
    expect(formatPesoAmount(1234.5)).toBe('₱1,234.50');
  });

  it('groups a +63 mobile number for reading', () => {
    expect(formatMobileNumber('+639171234567')).toBe('+63 917 123 4567');
    expect(formatMobileNumber('12345')).toBe('12345');
  });
});
