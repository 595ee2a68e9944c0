import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { BulkDeliveryStatusDialog, BulkPaymentStatusDialog } from './bulk-status-dialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function fakeApi(answer: unknown) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return json({ data: answer });
  });
  return calls;
}

describe('bulk changes', () => {
  it('moves each selected shipment on its own and lists every refused one with the reason', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      updated: ['ND123456785PH'],
      failed: [{ trackingNumber: 'SD765432103PH', message: 'Cannot move a shipment from "Order placed" to "Package picked up"' }],
    });
    const onDone = vi.fn();
    renderWithProviders(<BulkDeliveryStatusDialog trackingNumbers={['ND123456785PH', 'SD765432103PH']} open onOpenChange={() => undefined} onDone={onDone} />);

    const dialog = screen.getByRole('dialog', { name: 'Update delivery status' });
    await user.selectOptions(within(dialog).getByLabelText('Activity'), 'Package picked up');
    await user.type(within(dialog).getByLabelText('Location (optional)'), 'Makati hub');
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));

    const refused = await screen.findByRole('list', { name: 'Refused shipments' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SD765432103PH: Cannot move a shipment from "Order placed" to "Package picked up"']);
    expect(screen.getByText(/1 shipment moved\. 1 refused/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/shipments/bulk-delivery-status',
        body: { activity: 'Package picked up', location: 'Makati hub', trackingNumbers: ['ND123456785PH', 'SD765432103PH'] },
      },
    ]);
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ updated: ['ND123456785PH'] }));
  });

  it('asks for a reason when the activity has a reason list, before sending anything', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ updated: [], failed: [] });
    renderWithProviders(<BulkDeliveryStatusDialog trackingNumbers={['ND123456785PH']} open onOpenChange={() => undefined} onDone={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update delivery status' });
    await user.selectOptions(within(dialog).getByLabelText('Activity'), 'Delivery failed');
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a reason');
    expect(calls).toHaveLength(0);
  });

  it('sets the payment status of the selected shipments and closes when none is refused', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ updated: ['ND123456785PH'], failed: [] });
    const onOpenChange = vi.fn();
    renderWithProviders(<BulkPaymentStatusDialog trackingNumbers={['ND123456785PH']} open onOpenChange={onOpenChange} onDone={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update payment status' });
    await user.selectOptions(within(dialog).getByLabelText('Payment status'), 'Partially Paid');
    await user.click(within(dialog).getByRole('button', { name: 'Update payment' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      url: '/api/shipments/bulk-payment-status',
      body: { trackingNumbers: ['ND123456785PH'], paymentStatus: 'Partially Paid' },
    });
  });
});
