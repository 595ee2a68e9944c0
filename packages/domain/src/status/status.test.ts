import { describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_REASONS, DELIVERY_STATUSES, PICKUP_FAILURE_REASONS, type DeliveryStatus } from '../catalogue/enums.js';
import { ACTIVITY_STATUSES, findActivityStatus } from './activities.js';
import { lastStatusActivityOf, timelineHeadline } from './headline.js';
import { canCancel, canMoveTo, canMoveTogether, type MoveOptions } from './moves.js';

const nextDay: MoveOptions = { deliveryType: 'next_day' };

describe('activity catalogue', () => {
  it.each([
    ['Order placed', 'order_processing', 'Order placed'],
    ['On the way for pickup', 'first_mile', 'For pickup'],
    ['On hold - Requires documentation', 'first_mile', 'For pickup'],
    ['Loaded for shipping', 'mid_mile', 'Orig. port'],
    ['Offloaded at the port', 'mid_mile', 'Dest. port'],
    ['Return to sender in transit', 'last_mile', 'Dest. hub'],
    ['Rescheduled for delivery', 'last_mile', 'Out for delivery'],
    ['Return to sender delivered', 'last_mile', 'Delivered'],
  ])('%s belongs to %s and sets %s', (name, group, status) => {
    expect(findActivityStatus(name)).toMatchObject({ group, deliveryStatus: status });
  });

  it('offers the spec reasons for failed pickups and deliveries', () => {
    expect(findActivityStatus('Pick up failed')?.reasons).toEqual(PICKUP_FAILURE_REASONS);
    expect(findActivityStatus('Delivery failed')?.reasons).toEqual(DELIVERY_FAILURE_REASONS);
  });

  it('reaches every delivery status through some activity', () => {
    const reached = new Set(ACTIVITY_STATUSES.map((s) => s.deliveryStatus));
    for (const status of DELIVERY_STATUSES) expect(reached.has(status)).toBe(true);
  });
});

describe('canMoveTo', () => {
  const walk = (steps: string[], options: MoveOptions, start: DeliveryStatus = 'Order placed') => {
    let status = start;
    let last: string | null = null;
    for (const step of steps) {
      const result = canMoveTo(status, step, { ...options, lastActivity: last });
      if (!result.ok) throw new Error(result.message);
      status = result.next;
      if (result.activity) last = result.activity;
    }
    return status;
  };

  it('walks an air shipment from booking to delivery', () => {
    const legs = [
      'On the way for pickup',
      'Package picked up',
      'At origin hub',
      'Loaded for shipping',
      'In-transit',
      'Arrived at destination port',
      'Offloaded at the port',
      'Arrived at destination hub',
      'Out for delivery',
      'Delivered',
    ];
    expect(walk(legs, nextDay)).toBe('Delivered');
  });

  it('lets Intra-City and Same Day skip the port leg, but not Next Day', () => {
    expect(canMoveTo('Orig. hub', 'Dest. hub', { deliveryType: 'intra_city' })).toEqual({
      ok: true,
      next: 'Dest. hub',
      activity: 'Arrived at destination hub',
    });
    expect(canMoveTo('Orig. hub', 'Dest. hub', { deliveryType: 'same_day' }).ok).toBe(true);
    expect(canMoveTo('Orig. hub', 'Dest. hub', nextDay)).toEqual({ ok: false, message: 'Cannot move a shipment from "Orig. hub" to "Dest. hub"' });
  });

  it('refuses skipping steps and moving backwards, naming both statuses', () => {
    expect(canMoveTo('Order placed', 'Delivered', nextDay)).toEqual({ ok: false, message: 'Cannot move a shipment from "Order placed" to "Delivered"' });
    expect(canMoveTo('Dest. hub', 'Picked up', nextDay).ok).toBe(false);
    expect(canMoveTo('Delivered', 'Out for delivery', nextDay).ok).toBe(false);
  });

  it('runs failed delivery → rescheduled → reattempt → delivered, and only in that order', () => {
    expect(walk(['Delivery failed', 'Rescheduled for delivery', 'Out for delivery reattempt', 'Delivered'], nextDay, 'Out for delivery')).toBe('Delivered');
    expect(canMoveTo('Out for delivery', 'Rescheduled for delivery', { ...nextDay, lastActivity: 'Out for delivery' }).ok).toBe(false);
    expect(canMoveTo('Out for delivery', 'Delivered', { ...nextDay, lastActivity: 'Delivery failed' }).ok).toBe(false);
  });

  it('returns to sender only after a failed delivery, and ends the shipment', () => {
    const status = walk(
      ['Delivery failed', 'Return to sender initiated', 'Return to sender in transit', 'Return to sender delivered'],
      nextDay,
      'Out for delivery',
    );
    expect(status).toBe('Delivered');
    expect(canMoveTo('Out for delivery', 'Return to sender initiated', { ...nextDay, lastActivity: 'Out for delivery' }).ok).toBe(false);
    expect(canMoveTo('Dest. hub', 'Out for delivery', { ...nextDay, lastActivity: 'Return to sender initiated' }).ok).toBe(false);
  });

  it('keeps For pickup after a failed pickup and allows a retry', () => {
    expect(walk(['On the way for pickup', 'Pick up failed', 'On the way for pickup', 'Package picked up'], nextDay)).toBe('Picked up');
    expect(canMoveTo('For pickup', 'Pick up failed', nextDay)).toMatchObject({ ok: true, next: 'For pickup' });
  });

  it('puts a shipment on hold in the first mile without sending it back, and lifts it', () => {
    expect(canMoveTo('Orig. hub', 'On hold - Requires documentation', nextDay)).toMatchObject({ ok: true, next: 'Orig. hub' });
    expect(walk(['On hold - Requires documentation', 'Loaded for shipping'], nextDay, 'Orig. hub')).toBe('Orig. port');
    expect(canMoveTo('Out for delivery', 'On hold - Requires documentation', nextDay).ok).toBe(false);
  });

  it('lets self-collect go from the destination hub to delivered', () => {
    expect(walk(['For pickup dest.', 'Delivered'], nextDay, 'Dest. hub')).toBe('Delivered');
  });

  it('records a custom activity anywhere without changing the status', () => {
    expect(canMoveTo('In-transit', 'Delayed by typhoon', nextDay)).toEqual({ ok: true, next: 'In-transit', activity: null });
    expect(canMoveTo('Delivered', 'Customer called', nextDay)).toMatchObject({ ok: true, next: 'Delivered' });
  });

  it('never records the last step again right after itself (a second tap, a replay); a custom status may repeat', () => {
    const again = canMoveTo('For pickup', 'On the way for pickup', { ...nextDay, lastActivity: 'On the way for pickup' });
    expect(again).toEqual({
      ok: false,
      already: true,
      message: 'This shipment\'s last step is already "On the way for pickup" (For pickup): it is not recorded again',
    });
    // By its short label, on hold twice, delivered twice, and a correction to the step it is at.
    expect(canMoveTo('For pickup', 'For pickup', { ...nextDay, lastActivity: 'On the way for pickup' })).toMatchObject({ ok: false, already: true });
    expect(canMoveTo('Picked up', 'On hold - Requires documentation', { ...nextDay, lastActivity: 'On hold - Requires documentation' })).toMatchObject({
      already: true,
    });
    expect(canMoveTo('Delivered', 'Delivered', { ...nextDay, lastActivity: 'Delivered' })).toMatchObject({ already: true });
    expect(canMoveTo('Dest. hub', 'Arrived at destination hub', { ...nextDay, lastActivity: 'Arrived at destination hub', correction: true })).toMatchObject({
      already: true,
    });
    // A second trip after a failed pickup, and another step to the same status, are new steps.
    expect(canMoveTo('For pickup', 'On the way for pickup', { ...nextDay, lastActivity: 'Pick up failed' }).ok).toBe(true);
    expect(canMoveTo('Dest. port', 'Offloaded at the port', { ...nextDay, lastActivity: 'Arrived at destination port' }).ok).toBe(true);
    expect(canMoveTo('In-transit', 'Delayed by typhoon', { ...nextDay, lastActivity: 'In-transit' }).ok).toBe(true);
    // Not the same step: refused as any other move, not as done.
    expect(canMoveTo('Orig. hub', 'Package picked up', { ...nextDay, lastActivity: 'At origin hub' })).not.toHaveProperty('already');
  });

  it('lets a staff correction move back, and never treats cancelling as a move', () => {
    expect(canMoveTo('Dest. hub', 'Orig. hub', { ...nextDay, correction: true })).toMatchObject({ ok: true, next: 'Orig. hub' });
    expect(canMoveTo('For pickup', 'Order cancelled', nextDay).ok).toBe(false);
  });
});

describe('canCancel', () => {
  it.each(DELIVERY_STATUSES.map((s) => [s] as const))('from %s', (status) => {
    const beforePickup = status === 'Order placed' || status === 'For pickup';
    expect(canCancel(status, { isStaff: false }).ok).toBe(beforePickup);
    expect(canCancel(status, { isStaff: true }).ok).toBe(status !== 'Delivered');
  });

  it('explains the refusal and refuses a second cancellation', () => {
    expect(canCancel('Picked up', { isStaff: false })).toEqual({ ok: false, message: 'A shipment can be cancelled only before it is picked up' });
    expect(canCancel('Order placed', { isStaff: true, shipmentStatus: 'Cancelled' }).ok).toBe(false);
  });
});

describe('timeline headline', () => {
  it.each([
    ['Cancelled', 'For pickup', 'Shipment order cancelled'],
    ['Cancelled', 'Order placed', 'Shipment order cancelled'],
    ['Pending', 'Order placed', 'Shipment order placed'],
    ['Pending', 'For pickup', 'Shipment order placed'],
    ['OnGoing', 'For pickup', 'Courier is on the way for pick up'],
    ['OnGoing', 'Picked up', 'Shipment is on the way'],
    ['OnGoing', 'In-transit', 'Shipment is on the way'],
    ['OnGoing', 'Out for delivery', 'Shipment is on the way'],
    ['OnGoing', 'For pickup dest.', 'Ready for pick up at the destination hub'],
    ['OnGoing', 'Delivered', 'Delivered'],
    ['Pending', 'Picked up', 'Shipment is on the way'],
  ] as const)('%s + %s reads %s', (shipmentStatus, deliveryStatus, headline) => {
    expect(timelineHeadline({ shipmentStatus, deliveryStatus })).toBe(headline);
  });

  it('says a delivered parcel was delivered, on its Manila day, never "Shipment order placed" (issue 29, item 13)', () => {
    expect(timelineHeadline({ shipmentStatus: 'OnGoing', deliveryStatus: 'Delivered', deliveredAt: '2026-11-05T17:30:00Z' })).toBe(
      'Delivered on November 06, 2026',
    );
    expect(
      timelineHeadline({
        shipmentStatus: 'OnGoing',
        deliveryStatus: 'Delivered',
        deliveredAt: '2026-11-05T03:00:00Z',
        lastActivity: 'Return to sender delivered',
      }),
    ).toBe('Returned to the sender on November 05, 2026');
    expect(timelineHeadline({ shipmentStatus: 'OnGoing', deliveryStatus: 'Dest. hub', lastActivity: 'Return to sender in transit' })).toBe(
      'Shipment is on its way back to the sender',
    );
  });

  it('finds the last status step of a timeline in either order, custom statuses aside', () => {
    const entries = [
      { name: 'Out for delivery', customStatusName: null, deliveryStatus: 'Out for delivery', createdAt: '2026-11-05T01:00:00Z' },
      { name: 'Return to sender delivered', customStatusName: null, deliveryStatus: 'Delivered', createdAt: '2026-11-05T03:00:00Z' },
      { name: 'Called the sender', customStatusName: 'Called the sender', deliveryStatus: 'Delivered', createdAt: '2026-11-05T04:00:00Z' },
    ];
    expect(lastStatusActivityOf(entries)).toBe('Return to sender delivered');
    expect(lastStatusActivityOf([...entries].reverse())).toBe('Return to sender delivered');
  });
});

describe('canMoveTogether (a consolidation moving its shipments)', () => {
  it('seals, lands and completes along the consolidation legs, and nothing else', () => {
    expect(canMoveTogether('Orig. hub', 'Loaded for shipping')).toEqual({ ok: true, next: 'Orig. port', activity: 'Loaded for shipping' });
    // The flight is the consolidation's: no "In-transit" step per shipment.
    expect(canMoveTogether('Orig. port', 'Arrived at destination port')).toEqual({ ok: true, next: 'Dest. port', activity: 'Arrived at destination port' });
    expect(canMoveTogether('Dest. port', 'Arrived at destination hub')).toEqual({ ok: true, next: 'Dest. hub', activity: 'Arrived at destination hub' });
    expect(canMoveTogether('Orig. hub', 'Arrived at destination port').ok).toBe(false);
    expect(canMoveTogether('Dest. hub', 'Delivered').ok).toBe(false);
    expect(canMoveTogether('Orig. hub', 'Order cancelled').ok).toBe(false);
  });
});
