import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMobileNumber, formatMoney, formatPesoAmount, relativeTime, toIsoDate } from './index.js';

describe('money', () => {
  it('shows cents as pesos with the peso sign and thousands separators', () => {
    expect(formatMoney(123450)).toBe('₱1,234.50');
    expect(formatMoney(0)).toBe('₱0.00');
    expect(formatMoney(200000000)).toBe('₱2,000,000.00');
  });

  it('writes pesos the same way, and PHP 0.00 only when a pricing value is not a number', () => {
    expect(formatPesoAmount(1234.5)).toBe('₱1,234.50');
    expect(formatPesoAmount(0)).toBe('₱0.00');
    expect(formatPesoAmount(2000)).toBe(formatMoney(200000));
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, undefined, null, '12', {}]) {
      expect(formatPesoAmount(bad)).toBe('PHP 0.00');
    }
  });
});

describe('dates', () => {
  it('formats the Manila calendar day, even when UTC is still on the previous day', () => {
    const lateUtc = new Date('2026-11-04T17:30:00Z'); // 01:30 on Nov 5 in Manila
    expect(formatDate(lateUtc)).toBe('November 05, 2026');
    expect(toIsoDate(lateUtc)).toBe('2026-11-05');
    expect(toIsoDate('2026-01-01T00:00:00+08:00')).toBe('2026-01-01');
  });

  it('gives the day and the time of day in Manila', () => {
    expect(formatDateTime(new Date('2026-11-04T17:30:00Z'))).toBe('November 05, 2026, 1:30 AM');
    expect(formatDateTime('2026-11-05T07:05:00Z')).toBe('November 05, 2026, 3:05 PM');
  });
});

describe('relative time', () => {
  const now = new Date('2026-11-05T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [59_000, 'Just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [59 * 60_000 + 59_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [10 * 86_400_000, '10 days ago'],
    [-60_000, 'Just now'],
  ])('%i ms ago reads %s', (ms, label) => {
    expect(relativeTime(before(ms), now)).toBe(label);
  });
});

describe('Manila dates through Intl', () => {
  it('read as date-fns wrote them, at every hour of two years (midnight and noon included)', async () => {
    // date-fns' format in Manila's zone, which these functions replaced in the web bundle, as the reference.
    const { format } = await import('date-fns');
    const { tz } = await import('@date-fns/tz');
    const inManila = { in: tz('Asia/Manila') };
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 + 60_000 * 7) {
      expect(formatDate(t)).toBe(format(t, 'MMMM dd, yyyy', inManila));
      expect(formatDateTime(t)).toBe(format(t, 'MMMM dd, yyyy, h:mm a', inManila));
      expect(toIsoDate(t)).toBe(format(t, 'yyyy-MM-dd', inManila));
    }
    expect(formatDateTime('2026-11-05T04:00:00Z')).toBe('November 05, 2026, 12:00 PM');
    expect(formatDateTime('2026-11-04T16:00:00Z')).toBe('November 05, 2026, 12:00 AM');
  });

  it('refuses an invalid date as before', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatMobileNumber (one phone format everywhere, issue 29 item 18)', () => {
  it('groups a stored Philippine mobile number as +63 917 123 4567 and leaves anything else as given', () => {
    expect(formatMobileNumber('+639171234567')).toBe('+63 917 123 4567');
    expect(formatMobileNumber('+63917123456')).toBe('+63917123456');
    expect(formatMobileNumber(null)).toBe('');
  });
});

describe('formatting in Filipino (fil-PH) and English (en-PH)', () => {
  const at = '2026-11-05T07:45:00Z'; // 3:45 PM in Manila

  it('writes pesos the same in both languages', () => {
    expect(formatMoney(123450, 'fil')).toBe('₱1,234.50');
    expect(formatMoney(123450, 'en')).toBe('₱1,234.50');
    expect(formatPesoAmount(1234.5, 'fil')).toBe('₱1,234.50');
  });

  it('names the month in the reader language, in the same shape', () => {
    expect(formatDate(at, 'fil')).toBe('Nobyembre 05, 2026');
    expect(formatDate(at, 'en')).toBe('November 05, 2026');
    expect(formatDateTime(at, 'fil')).toBe('Nobyembre 05, 2026, 3:45 PM');
    expect(formatDate('2026-01-10T02:00:00Z', 'fil')).toBe('Enero 10, 2026');
  });

  it('says how long ago in Filipino', () => {
    const now = new Date('2026-11-05T08:00:00Z');
    expect(relativeTime(now, now, 'fil')).toBe('Ngayon lang');
    expect(relativeTime('2026-11-05T07:57:00Z', now, 'fil')).toBe('3 minuto ang nakalipas');
    expect(relativeTime('2026-11-03T08:00:00Z', now, 'fil')).toBe('2 araw ang nakalipas');
    expect(relativeTime('2026-11-05T07:57:00Z', now, 'en')).toBe('3 minutes ago');
  });
});
