import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentDto } from '@hatid/domain';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { renderRiderScreen } from '../testing/rider-screen';
import { RiderHomePage } from './rider-home-page';

// The phone's queue is empty: the list is the server's.
vi.mock('../lib/rider-outbox', () => ({ useOutbox: () => [], useOnline: () => true, riderOutbox: () => ({}) }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const RIDER = 'rider-1';
const party = (name: string) => ({
  name,
  mobileNumber: '+639171234567',
  email: null,
  provinceCode: '1300000000',
  provinceName: 'Metro Manila',
  cityCode: '1380300000',
  cityLabel: 'Makati City',
  barangayCode: '1380300001',
  barangayName: 'Bel-Air',
  streetName: '1 Jupiter St',
});
const shipment = (trackingNumber: string, over: Partial<ShipmentDto>) =>
  ({
    id: trackingNumber,
    trackingNumber,
    status: 'OnGoing',
    deliveryStatus: 'For pickup',
    deliveryType: 'next_day',
    paymentMethod: 'cash',
    paidBy: 'recipient',
    paymentStatus: 'Pending',
    totalInCents: 24000,
    pickupRiderId: RIDER,
    dropOffRiderId: null,
    pickupDate: '2099-01-01',
    senderAddress: party('Ana Cruz'),
    receiverAddress: party('Ben Reyes'),
    packages: [],
    updatedAt: '2026-11-22T01:00:00.000Z',
    ...over,
  }) as ShipmentDto;

describe('the rider home', () => {
  it('moves a picked-up job out of "Later pickups" into deliveries, headed to the hub (issue 29, item 12)', async () => {
    fakeApi((call) => {
      if (call.path === '/api/users/me') return json({ data: { id: RIDER, roles: ['rider'] } });
      if (call.path === '/api/shipments/me/rider/courier')
        return json({
          data: [shipment('ND000000011PH', { deliveryStatus: 'Picked up' }), shipment('ND000000022PH', { deliveryStatus: 'For pickup' })],
          hasNextPage: false,
        });
      if (call.path === '/api/shipments/rider-stats') return json({ data: null });
      return json({ data: null }, 404);
    });
    renderRiderScreen('/rider', '/rider', () => <RiderHomePage />);
    const deliveries = await screen.findByRole('region', { name: /^Deliveries/ });
    expect(within(deliveries).getByTestId('task-ND000000011PH').textContent).toContain('bring it to the origin hub');
    const later = screen.getByRole('region', { name: /^Later pickups/ });
    expect(within(later).queryByTestId('task-ND000000011PH')).toBeNull();
    // A pickup not yet made, booked for a later day, still waits there.
    expect(within(later).getByTestId('task-ND000000022PH')).toBeTruthy();
  });

  it('reads in Filipino: lists, statuses, cash to collect and calls, with no English sentence left (issue 32)', async () => {
    await activateLanguage('fil');
    const today = new Date().toISOString().slice(0, 10);
    fakeApi((call) => {
      if (call.path === '/api/users/me') return json({ data: { id: RIDER, roles: ['rider'] } });
      if (call.path === '/api/shipments/me/rider/courier')
        return json({ data: [shipment('ND000000011PH', { pickupDate: today, paidBy: 'sender' })], hasNextPage: false });
      if (call.path === '/api/shipments/rider-stats')
        return json({
          data: { assignedToday: 1, pickedUpToday: 0, deliveredToday: 0, pending: 1, cashOnHandInCents: 0, codToCollectInCents: 24000, cashShortInCents: 0 },
        });
      return json({ data: null }, 404);
    });
    renderRiderScreen('/rider', '/rider', () => <RiderHomePage />);
    const pickups = await screen.findByRole('region', { name: 'Mga pick-up (1)' });
    const card = within(pickups).getByTestId('task-ND000000011PH');
    expect(card.textContent).toContain('Para sa pick-up');
    expect(card.textContent).toContain('Singilin ang ₱240.00');
    expect(within(card).getByRole('link', { name: 'Tawagan si Ana Cruz (nagpadala)' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Mga delivery (0)' }).textContent).toContain('Walang delivery sa ngayon.');
    expect(screen.getByRole('button', { name: 'I-scan ang waybill' })).toBeTruthy();
    expect((await screen.findByRole('region', { name: 'Ang araw mo' })).textContent).toContain('COD na sisingilin');
    expect(englishLeftIn(document.body.textContent ?? '', 'riders')).toEqual([]);
  });
});
