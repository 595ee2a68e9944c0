import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../testing/render';
import { ScanBox } from './components/scan-box';

afterEach(cleanup);

describe('scan box', () => {
  it('takes what a scanner types (number and Enter), upper-cased, then clears for the next one', async () => {
    const onScan = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithI18n(<ScanBox label="Add a shipment waiting at the origin hub" withFinding={false} pending={false} onScan={onScan} />);
    const box = screen.getByLabelText('Add a shipment waiting at the origin hub');
    await user.type(box, ' nd123456785ph {Enter}');
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('ND123456785PH', 'received'));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('takes a number typed with spaces or hyphens as the one number (issue 29, item 7)', async () => {
    const onScan = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithI18n(<ScanBox label="Add a shipment waiting at the origin hub" withFinding={false} pending={false} onScan={onScan} />);
    const box = screen.getByLabelText('Add a shipment waiting at the origin hub');
    await user.type(box, 'nd 8682-2764-5 ph{Enter}');
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('ND868227645PH', 'received'));
  });

  it('names a mistyped number in words, with no field path, and sends nothing', async () => {
    const onScan = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithI18n(<ScanBox label="Add a shipment waiting at the origin hub" withFinding={false} pending={false} onScan={onScan} />);
    await user.type(screen.getByLabelText('Add a shipment waiting at the origin hub'), 'ND 868227646 PH{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('ND868227646PH: check the tracking number: it has a typo');
    expect(screen.getByRole('alert').textContent).not.toMatch(/trackingNumbers|\.0:/);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('at the destination, sends the finding chosen (missing) with the number', async () => {
    const onScan = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithI18n(<ScanBox label="Confirm a package at the destination" withFinding pending={false} onScan={onScan} />);
    await user.click(screen.getByRole('radio', { name: 'Missing' }));
    await user.type(screen.getByLabelText('Confirm a package at the destination'), 'SD987654326PH{Enter}');
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('SD987654326PH', 'missing'));
  });
});
