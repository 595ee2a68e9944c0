import { describe, expect, it } from 'vitest';
import { schedulePickup } from './index.js';

// 2026-11-02 is a Monday; 2026-11-07 a Saturday; 2026-11-08 a Sunday.
const manila = (isoLocal: string) => new Date(`${isoLocal}+08:00`);

describe('schedulePickup', () => {
  it.each([
    ['same_day', '2026-11-02T07:59:59', '2026-11-02'],
    ['same_day', '2026-11-02T08:00:00', '2026-11-03'],
    ['next_day', '2026-11-02T09:59:59', '2026-11-02'],
    ['next_day', '2026-11-02T10:00:00', '2026-11-03'],
    ['intra_city', '2026-11-02T09:59:00', '2026-11-02'],
    ['intra_city', '2026-11-02T10:00:00', '2026-11-03'],
    ['next_day', '2026-11-02T00:00:00', '2026-11-02'],
    ['next_day', '2026-11-02T23:59:00', '2026-11-03'],
  ] as const)('%s booked at %s (Manila) is picked up on %s', (type, bookedAt, date) => {
    expect(schedulePickup(manila(bookedAt), type).date).toBe(date);
  });

  it('picks up on Saturday before the cut-off and on Monday after it', () => {
    expect(schedulePickup(manila('2026-11-07T09:30:00'), 'next_day').date).toBe('2026-11-07');
    expect(schedulePickup(manila('2026-11-07T10:00:00'), 'next_day').date).toBe('2026-11-09');
    expect(schedulePickup(manila('2026-11-07T08:00:00'), 'same_day').date).toBe('2026-11-09');
  });

  it('never picks up on Sunday, even before the cut-off', () => {
    for (const type of ['same_day', 'next_day', 'intra_city'] as const) {
      expect(schedulePickup(manila('2026-11-08T06:00:00'), type).date).toBe('2026-11-09');
      expect(schedulePickup(manila('2026-11-08T20:00:00'), type).date).toBe('2026-11-09');
    }
  });

  it('uses the Manila day when UTC is still on the previous day', () => {
    // 23:30 UTC on Monday is 07:30 Tuesday in Manila: a Same Day booking is picked up that Tuesday.
    expect(schedulePickup(new Date('2026-11-02T23:30:00Z'), 'same_day').date).toBe('2026-11-03');
    // 16:30 UTC on Saturday is 00:30 Sunday in Manila: Monday.
    expect(schedulePickup(new Date('2026-11-07T16:30:00Z'), 'next_day').date).toBe('2026-11-09');
  });

  it('opens the window at 08:00 and closes it at 18:00 Manila time', () => {
    const s = schedulePickup(manila('2026-11-02T12:00:00'), 'next_day');
    expect(s.pickupAt.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(s.windowEndsAt.toISOString()).toBe('2026-11-03T10:00:00.000Z');
  });
});
