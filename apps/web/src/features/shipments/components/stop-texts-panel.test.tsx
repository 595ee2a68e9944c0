import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { StopTextsPanel } from './stop-texts-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TN = 'ND123456785PH';
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status });

describe('Stop texts about this parcel', () => {
  it('asks for the last 4 digits, checks them before sending, and confirms the stop', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ stopped: true }, 200));
    const user = userEvent.setup();
    renderWithProviders(<StopTextsPanel trackingNumber={TN} />);

    await user.click(screen.getByRole('button', { name: 'Stop texts about this parcel' }));
    await user.type(screen.getByLabelText('Last 4 digits of your mobile number'), '12a');
    await user.click(screen.getByRole('button', { name: 'Stop texts' }));
    expect(await screen.findByText('Enter the last 4 digits of the mobile number the parcel is for')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Last 4 digits of your mobile number'));
    await user.type(screen.getByLabelText('Last 4 digits of your mobile number'), '4567');
    await user.click(screen.getByRole('button', { name: 'Stop texts' }));
    expect(await screen.findByText('We will not text you about this parcel any more.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(`/api/shipments/track/${TN}/stop-texts`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ mobileLast4: '4567' });
  });

  it('shows the server’s reason on the field when the digits are not the recipient’s', async () => {
    const message = 'These are not the last 4 digits of the mobile number this parcel is for';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'mobileLast4', message }], traceId: 't' }, 422),
    );
    const user = userEvent.setup();
    renderWithProviders(<StopTextsPanel trackingNumber={TN} />);
    await user.click(screen.getByRole('button', { name: 'Stop texts about this parcel' }));
    await user.type(screen.getByLabelText('Last 4 digits of your mobile number'), '0000');
    await user.click(screen.getByRole('button', { name: 'Stop texts' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('We will not text you about this parcel any more.')).toBeNull();
  });
});
