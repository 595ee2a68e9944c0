import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShipmentDto } from '@hatid/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsoleScreen } from '../../../../testing/console-screen';
import { AssignRidersDialog } from './assign-riders-dialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const place = (cityCode: string, cityLabel: string) => ({ cityCode, cityLabel }) as ShipmentDto['senderAddress'];
const shipment = (id: string, trackingNumber: string) =>
  ({ id, trackingNumber, senderAddress: place('1380300000', 'Makati City'), receiverAddress: place('0730600000', 'Cebu City') }) as ShipmentDto;

describe('assigning riders', () => {
  it('lists the riders serving each leg’s city, online first, and assigns them to every selected shipment', async () => {
    const user = userEvent.setup();
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/users/riders/1380300000') {
        return json({ data: [{ id: 'r1', name: 'Ramon Aquino', mobileNumber: null, isOnline: true, serviceAreaCodes: [], activeAssignments: 2 }] });
      }
      if (url === '/api/users/riders/0730600000') {
        return json({ data: [{ id: 'r2', name: 'Cora Dizon', mobileNumber: null, isOnline: false, serviceAreaCodes: [], activeAssignments: 0 }] });
      }
      if (url === '/api/shipments/s2') return json({ statusCode: 409, code: 'CONFLICT', message: 'This shipment is cancelled' }, 409);
      return json({ data: {} });
    });
    const onDone = vi.fn();
    renderConsoleScreen(
      '/shipments',
      '/shipments',
      <AssignRidersDialog
        shipments={[shipment('s1', 'ND123456785PH'), shipment('s2', 'SD765432103PH')]}
        open
        onOpenChange={() => undefined}
        onDone={onDone}
        canPickup
        canDelivery
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const pickup = within(dialog).getByLabelText('Pickup rider');
    await waitFor(() => expect(within(pickup).getByRole('option', { name: 'Ramon Aquino · online · 2 active' })).toBeTruthy());
    await user.selectOptions(pickup, 'r1');
    const delivery = within(dialog).getByLabelText('Delivery rider');
    await waitFor(() => expect(within(delivery).getByRole('option', { name: 'Cora Dizon · offline · 0 active' })).toBeTruthy());
    await user.selectOptions(delivery, 'r2');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('SD765432103PH: This shipment is cancelled');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/shipments/s1', body: { pickupRiderId: 'r1', dropOffRiderId: 'r2' } },
      { method: 'PUT', url: '/api/shipments/s2', body: { pickupRiderId: 'r1', dropOffRiderId: 'r2' } },
    ]);
    expect(onDone).toHaveBeenCalledWith({ updated: ['ND123456785PH'], failed: [{ trackingNumber: 'SD765432103PH', message: 'This shipment is cancelled' }] });
  });

  it('asks for a choice before sending anything', async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: [] }));
    renderConsoleScreen(
      '/shipments',
      '/shipments',
      <AssignRidersDialog
        shipments={[shipment('s1', 'ND123456785PH')]}
        open
        onOpenChange={() => undefined}
        onDone={() => undefined}
        canPickup
        canDelivery={false}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Delivery rider')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a pickup or a delivery rider');
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('says how to fill an empty list: set a rider’s service areas in Users, linked to the riders', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: [] }));
    renderConsoleScreen(
      '/shipments',
      '/shipments',
      <AssignRidersDialog
        shipments={[shipment('s1', 'ND123456785PH')]}
        open
        onOpenChange={() => undefined}
        onDone={() => undefined}
        canPickup
        canDelivery={false}
      />,
      ['admin'],
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(/No rider serves Makati City yet — set a rider’s service areas in/)).toBeTruthy());
    const link = within(dialog).getByRole('link', { name: 'Users' });
    expect(link.getAttribute('href')).toBe('/users?role=rider');
  });
});
