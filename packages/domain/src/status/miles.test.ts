import { describe, expect, it } from 'vitest';
import { mileProgress } from './miles.js';

describe('mile progress', () => {
  it('has every mile pending before anything happens', () => {
    expect(mileProgress({ deliveryStatus: 'Order placed', deliveryType: 'next_day' })).toEqual({ first: 'pending', mid: 'pending', last: 'pending' });
  });

  it('finishes the first mile at the origin hub and the last one on delivery', () => {
    expect(mileProgress({ deliveryStatus: 'Picked up', deliveryType: 'next_day' })).toEqual({ first: 'in_progress', mid: 'pending', last: 'pending' });
    expect(mileProgress({ deliveryStatus: 'Orig. hub', deliveryType: 'next_day' })).toEqual({ first: 'completed', mid: 'pending', last: 'pending' });
    expect(mileProgress({ deliveryStatus: 'In-transit', deliveryType: 'next_day' })).toEqual({ first: 'completed', mid: 'in_progress', last: 'pending' });
    expect(mileProgress({ deliveryStatus: 'Out for delivery', deliveryType: 'next_day' })).toEqual({
      first: 'completed',
      mid: 'completed',
      last: 'in_progress',
    });
    expect(mileProgress({ deliveryStatus: 'Delivered', deliveryType: 'next_day' })).toEqual({ first: 'completed', mid: 'completed', last: 'completed' });
  });

  it('skips the mid mile for Same Day and Intra-City', () => {
    expect(mileProgress({ deliveryStatus: 'Dest. hub', deliveryType: 'same_day' })).toEqual({ first: 'completed', mid: 'skipped', last: 'in_progress' });
  });

  it('marks the active leg on hold and unfinished legs cancelled', () => {
    expect(mileProgress({ deliveryStatus: 'For pickup', deliveryType: 'next_day', onHold: true }).first).toBe('on_hold');
    expect(mileProgress({ deliveryStatus: 'Orig. hub', deliveryType: 'next_day', onHold: true })).toEqual({
      first: 'completed',
      mid: 'on_hold',
      last: 'pending',
    });
    expect(mileProgress({ deliveryStatus: 'For pickup', deliveryType: 'next_day', cancelled: true })).toEqual({
      first: 'cancelled',
      mid: 'cancelled',
      last: 'cancelled',
    });
  });
});
