import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentDto } from '@hatid/domain';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { renderWithProviders } from '../../../testing/render';
import type { RiderTask } from '../lib/tasks';
import { MoveForm, type MoveDraft } from './move-form';

// The camera is the phone's: here a tap stands for a photo taken.
vi.mock('./photo-capture', () => ({
  PhotoCapture: ({ onChange }: { onChange: (photo: Blob) => void }) => (
    <button type="button" onClick={() => onChange(new Blob(['photo'], { type: 'image/jpeg' }))}>
      Take photo
    </button>
  ),
}));

afterEach(cleanup);

const task = { leg: 'delivery', cashDueInCents: 24000, shipment: { trackingNumber: 'ND000000011PH' } as ShipmentDto } as RiderTask;

function deliver() {
  const saved: MoveDraft[] = [];
  renderWithProviders(<MoveForm task={task} activity="Delivered" onCancel={() => undefined} onSave={async (draft) => void saved.push(draft)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Take photo' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I collected the cash' }));
  return saved;
}

describe('cash short of the COD (issue 29, item 5)', () => {
  it('warns how much is short and will not save it without a reason', async () => {
    const saved = deliver();
    fireEvent.change(screen.getByLabelText('Cash collected (₱)'), { target: { value: '200' } });
    expect(screen.getByRole('status').textContent).toBe('₱40.00 short of the ₱240.00 to collect');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Delivered' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The cash is ₱40.00 short: say why');
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('Why is the cash short?'), { target: { value: 'Recipient had only ₱200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Delivered' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ cashInCents: 20000, shortReason: 'Recipient had only ₱200' });
  });

  it('asks nothing when all the cash is there', async () => {
    const saved = deliver();
    expect(screen.queryByLabelText('Why is the cash short?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Delivered' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ cashInCents: 24000 });
    expect(saved[0]!.shortReason).toBeUndefined();
  });
});

describe('in Filipino (issue 32)', () => {
  it('names the step and its reasons in Filipino and keeps the stored English reason', async () => {
    await activateLanguage('fil');
    const saved: MoveDraft[] = [];
    const noCash = { ...task, cashDueInCents: 0 } as RiderTask;
    renderWithProviders(<MoveForm task={noCash} activity="Delivery failed" onCancel={() => undefined} onSave={async (draft) => void saved.push(draft)} />);
    expect(screen.getByRole('form', { name: 'Hindi naihatid' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kumpirmahin: Hindi naihatid' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pumili ng dahilan');
    const reason = screen.getByRole('combobox', { name: 'Dahilan' });
    expect([...(reason as HTMLSelectElement).options].map((o) => o.text)).toContain('Tinanggihan ng tatanggap');
    expect(englishLeftIn(document.body.textContent ?? '', 'riders')).toEqual([]);
    fireEvent.change(reason, { target: { value: 'Refused by recipient' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kumpirmahin: Hindi naihatid' }));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ reason: 'Refused by recipient' })]));
  });
});
