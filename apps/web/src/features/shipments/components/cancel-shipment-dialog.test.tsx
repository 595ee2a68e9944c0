import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { CancelShipmentDialog } from './cancel-shipment-dialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const shipment = { id: '7a1f2c3d-0000-4000-8000-000000000001', trackingNumber: 'ND123456785PH' };

describe('CancelShipmentDialog', () => {
  it('offers the six reasons and asks for words when "Other" is chosen, sending nothing until then', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderWithProviders(<CancelShipmentDialog shipment={shipment} open onOpenChange={vi.fn()} />);

    const dialog = screen.getByRole('dialog', { name: 'Cancel this shipment?' });
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'Changed my mind',
      'Chose another courier',
      'Delivery time is too long',
      'Found a better price elsewhere',
      'Incorrect shipping details',
      'Other (please specify)',
    ]);

    await user.click(screen.getByRole('button', { name: 'Cancel shipment' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Other (please specify)' }));
    await user.click(screen.getByRole('button', { name: 'Cancel shipment' }));
    expect(await screen.findByText('Please tell us why you are cancelling')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(dialog).toBeTruthy();
  });

  it('cancels with the reason and the note, then closes', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ data: { ...shipment, status: 'Cancelled' } }), { status: 200 }));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CancelShipmentDialog shipment={shipment} open onOpenChange={onOpenChange} />);

    await user.click(screen.getByRole('radio', { name: 'Other (please specify)' }));
    await user.type(screen.getByLabelText('Please specify'), 'Sending it myself');
    await user.click(screen.getByRole('button', { name: 'Cancel shipment' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(`/api/shipments/${shipment.id}/cancel`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ reasonForCancellation: 'Other (please specify)', note: 'Sending it myself' });
  });

  it('says what cancelling means for the way the parcel leaves: picked up, or dropped off at a hub', () => {
    renderWithProviders(<CancelShipmentDialog shipment={{ ...shipment, shipmentType: 'Pick Up' }} open onOpenChange={vi.fn()} />);
    expect(screen.getByText(/ND123456785PH will not be picked up\./)).toBeTruthy();
    cleanup();
    renderWithProviders(<CancelShipmentDialog shipment={{ ...shipment, shipmentType: 'Drop Off' }} open onOpenChange={vi.fn()} />);
    expect(screen.getByText(/ND123456785PH will not be taken in at the hub: there is no need to drop it off\./)).toBeTruthy();
    expect(screen.queryByText(/will not be picked up/)).toBeNull();
  });
});
