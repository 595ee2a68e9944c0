import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { useSocialLoginOffered } from './social-login-providers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function Probe() {
  return <p>{useSocialLoginOffered('google') ? 'Continue with Google shown' : 'no Google button'}</p>;
}

describe('useSocialLoginOffered (issue 29 item 19: no "Continue with Google" where none is set up)', () => {
  it('hides the button once the server says it has no Google sign-in', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ data: { connectionTypes: [] } }));
    renderWithProviders(<Probe />);
    expect(await screen.findByText('no Google button')).toBeTruthy();
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/users/social-login-providers');
  });

  it('offers it when the server has it, and while the answer has not come', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<Probe />);
    expect(screen.getByText('Continue with Google shown')).toBeTruthy();
    answer(json({ data: { connectionTypes: ['google'] } }));
    expect(await screen.findByText('Continue with Google shown')).toBeTruthy();
  });
});
