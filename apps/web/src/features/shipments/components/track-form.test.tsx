import { isValidTrackingNumber, TRACKING_NUMBER_MESSAGE } from '@hatid/domain';
import { cleanup, screen } from '@testing-library/react';
import { renderWithI18n as render } from '../../../testing/render';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackForm } from './track-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// ND + 12345678 has the S10 check digit 5.
const GOOD = 'ND123456785PH';
const TYPO = 'ND123456784PH';

describe('TrackForm', () => {
  it('catches a wrong check digit in the browser and makes no request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onTrack = vi.fn();
    const user = userEvent.setup();
    render(<TrackForm onTrack={onTrack} />);

    await user.type(screen.getByLabelText('Tracking number'), TYPO);
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(screen.getByRole('alert').textContent).toBe(TRACKING_NUMBER_MESSAGE);
    expect(screen.getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe('true');
    expect(onTrack).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a number in the wrong layout and an empty box', async () => {
    const onTrack = vi.fn();
    const user = userEvent.setup();
    render(<TrackForm onTrack={onTrack} />);

    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a tracking number');

    await user.type(screen.getByLabelText('Tracking number'), 'XX12345PH');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByRole('alert').textContent).toBe(TRACKING_NUMBER_MESSAGE);
    expect(onTrack).not.toHaveBeenCalled();
  });

  it('hands over a good number in its stored form (upper case, no spaces)', async () => {
    const onTrack = vi.fn();
    const user = userEvent.setup();
    render(<TrackForm onTrack={onTrack} />);

    await user.type(screen.getByLabelText('Tracking number'), ' nd 1234-5678 5ph ');
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(onTrack).toHaveBeenCalledWith(GOOD);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the typo message at once for a linked number with a typo', () => {
    render(<TrackForm defaultValue={TYPO} onTrack={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(TRACKING_NUMBER_MESSAGE);
  });

  it('gives a real, valid number as its example, not a placeholder with a "?"', () => {
    render(<TrackForm onTrack={vi.fn()} />);
    const hint = screen.getByText(/^For example/).textContent ?? '';
    const example = /For example (\S+),/.exec(hint)?.[1] ?? '';
    expect(example).toBe(GOOD);
    expect(isValidTrackingNumber(example)).toBe(true);
    expect(hint).not.toContain('?');
  });
});
