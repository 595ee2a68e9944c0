import { describe, expect, it } from 'vitest';
import type { ShipmentDto } from '@hatid/domain';
import type { OutboxItem } from './outbox';
import { riderWorklist, taskFor } from './tasks';

const RIDER = 'rider-1';
const party = (barangayName: string, streetName: string) => ({
  name: 'Ana Cruz',
  mobileNumber: '+639171234567',
  email: null,
  provinceCode: '1300000000',
  provinceName: 'Metro Manila',
  cityCode: '1380300000',
  cityLabel: 'Makati City',
  barangayCode: '1380300001',
  barangayName,
  streetName,
});

function shipment(trackingNumber: string, over: Partial<ShipmentDto> = {}): ShipmentDto {
  return {
    id: trackingNumber,
    trackingNumber,
    status: 'OnGoing',
    deliveryStatus: 'Order placed',
    deliveryType: 'next_day',
    paymentMethod: 'cash',
    paidBy: 'recipient',
    paymentStatus: 'Pending',
    totalInCents: 23000,
    pickupRiderId: RIDER,
    dropOffRiderId: RIDER,
    pickupDate: null,
    senderAddress: party('Bel-Air', '1 Jupiter St'),
    receiverAddress: party('Poblacion', '5 Kalayaan Ave'),
    ...over,
  } as ShipmentDto;
}

const queued = (trackingNumber: string, kind: OutboxItem['kind'], extra: Partial<OutboxItem>): OutboxItem => ({
  id: `${trackingNumber}-${kind}-${Math.random()}`,
  kind,
  trackingNumber,
  at: '2026-11-22T09:30:00.000Z',
  state: 'waiting',
  attempts: 0,
  ...extra,
});

describe("the rider's worklist", () => {
  it('orders stops by barangay and street, and holds later pickups apart', () => {
    const list = riderWorklist(
      [
        shipment('ND000000011PH', { senderAddress: party('San Lorenzo', '9 Arnaiz Ave') }),
        shipment('ND000000022PH', { senderAddress: party('Bel-Air', '3 Jupiter St') }),
        shipment('ND000000033PH', { senderAddress: party('Bel-Air', '1 Jupiter St') }),
        shipment('ND000000044PH', { pickupDate: '2099-01-01' }),
        shipment('ND000000055PH', { deliveryStatus: 'Dest. hub' }),
      ],
      RIDER,
      [],
      new Date('2026-11-22T02:00:00Z'),
    );
    expect(list.pickups.map((t) => t.shipment.trackingNumber)).toEqual(['ND000000033PH', 'ND000000022PH', 'ND000000011PH']);
    expect(list.laterPickups.map((t) => t.shipment.trackingNumber)).toEqual(['ND000000044PH']);
    expect(list.deliveries.map((t) => [t.shipment.trackingNumber, t.cashDueInCents, t.nextMoves])).toEqual([['ND000000055PH', 23000, ['Out for delivery']]]);
  });

  it("applies the rider's queued moves and cash, so an offline phone shows the next step", () => {
    const s = shipment('ND000000055PH', { deliveryStatus: 'Dest. hub' });
    const items = [
      queued(s.trackingNumber, 'move', { move: { activity: 'Out for delivery' } }),
      queued(s.trackingNumber, 'cash', { cash: { shipmentId: s.id, amountInCents: 5000 } }),
    ];
    const [task] = taskFor(s, RIDER, items);
    expect(task).toMatchObject({ leg: 'delivery', deliveryStatus: 'Out for delivery', waiting: 2, cashDueInCents: 18000 });
    expect(task!.nextMoves).toEqual(['Delivered', 'Delivery failed']);
    // Delivered locally: nothing left to do on it.
    expect(taskFor(s, RIDER, [...items, queued(s.trackingNumber, 'move', { move: { activity: 'Delivered' } })])).toEqual([]);
  });

  it('offers the failed-delivery chain after a failure, and nothing of another rider', () => {
    const s = shipment('ND000000066PH', { deliveryStatus: 'Out for delivery' });
    expect(taskFor(s, RIDER, [], 'Delivery failed')[0]!.nextMoves).toEqual(['Rescheduled for delivery']);
    expect(taskFor(s, 'someone-else', [])).toEqual([]);
    // Cash upon pick up is collected by the pickup rider only.
    const senderPays = shipment('ND000000077PH', { paidBy: 'sender', deliveryStatus: 'For pickup' });
    expect(taskFor(senderPays, RIDER, [])[0]).toMatchObject({
      leg: 'pickup',
      cashDueInCents: 23000,
      nextMoves: ['On the way for pickup', 'Package picked up', 'Pick up failed'],
    });
    // Billed to a business account (invoice): nobody pays the rider.
    const onAccount = shipment('ND000000088PH', { paidBy: 'sender', paymentMethod: 'invoice', deliveryStatus: 'For pickup' });
    expect(taskFor(onAccount, RIDER, [])[0]).toMatchObject({ leg: 'pickup', cashDueInCents: 0 });
  });
});
