import { describe, expect, it } from 'vitest';
import { isRiderActivity, nextRiderMoves, riderLegsOf } from './rider-moves.js';

const base = { deliveryType: 'next_day' as const, status: 'OnGoing', pickupRiderId: 'p', dropOffRiderId: 'd' };

describe('rider moves', () => {
  it('offers each rider only the allowed next steps of their own leg', () => {
    expect(nextRiderMoves({ ...base, deliveryStatus: 'For pickup' }, 'p')).toEqual(['On the way for pickup', 'Package picked up', 'Pick up failed']);
    expect(nextRiderMoves({ ...base, deliveryStatus: 'Picked up' }, 'p')).toEqual(['At origin hub']);
    expect(nextRiderMoves({ ...base, deliveryStatus: 'Orig. hub' }, 'p')).toEqual([]);
    expect(nextRiderMoves({ ...base, deliveryStatus: 'For pickup' }, 'd')).toEqual([]);
    expect(nextRiderMoves({ ...base, deliveryStatus: 'Dest. hub' }, 'd')).toEqual(['Out for delivery']);
    expect(nextRiderMoves({ ...base, deliveryStatus: 'Out for delivery' }, 'd')).toEqual(['Delivered', 'Delivery failed']);
    expect(nextRiderMoves({ ...base, deliveryStatus: 'Out for delivery' }, 'd', 'Rescheduled for delivery')).toEqual(['Out for delivery reattempt']);
    // The step just taken is not offered again (the server would refuse it as already done).
    expect(nextRiderMoves({ ...base, deliveryStatus: 'For pickup' }, 'p', 'On the way for pickup')).toEqual(['Package picked up', 'Pick up failed']);
    expect(riderLegsOf({ ...base, deliveryStatus: 'Out for delivery', status: 'Cancelled' }, 'd')).toEqual([]);
  });

  it('tells the server which activities are the rider’s, short labels included', () => {
    expect(isRiderActivity(base, 'p', 'Picked up')).toBe(true);
    expect(isRiderActivity(base, 'p', 'Delivered')).toBe(false);
    expect(isRiderActivity(base, 'd', 'Delivered')).toBe(true);
    expect(isRiderActivity(base, 'd', 'Loaded for shipping')).toBe(false);
    expect(isRiderActivity(base, 'd', 'Something custom')).toBe(false);
  });
});
