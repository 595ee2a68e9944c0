import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { renderWithProviders } from '../../../testing/render';
import { AgentCodeCheckForm } from './agent-code-check-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const validity = (valid: boolean) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const code = decodeURIComponent(String(input).split('/').pop()!);
    return new Response(JSON.stringify({ data: { agentCode: code, valid } }), { status: 200 });
  });

describe('AgentCodeCheckForm', () => {
  it('names the field and the reason for a malformed code and asks nothing', async () => {
    const fetchSpy = validity(true);
    const user = userEvent.setup();
    renderWithProviders(<AgentCodeCheckForm />);

    await user.type(screen.getByLabelText('Agent code'), 'ab-1');
    await user.click(screen.getByRole('button', { name: 'Check code' }));

    expect(await screen.findByText('Agent codes are 4 to 16 letters or digits')).toBeTruthy();
    expect(screen.getByLabelText('Agent code').getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says a known code is valid, in capitals', async () => {
    const fetchSpy = validity(true);
    const user = userEvent.setup();
    renderWithProviders(<AgentCodeCheckForm />);

    await user.type(screen.getByLabelText('Agent code'), 'ab12cd34');
    await user.click(screen.getByRole('button', { name: 'Check code' }));

    expect(await screen.findByText('AB12CD34 is a valid agent code.')).toBeTruthy();
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/users/agent-code/validity/AB12CD34');
  });

  it('says when a code does not exist', async () => {
    validity(false);
    const user = userEvent.setup();
    renderWithProviders(<AgentCodeCheckForm />);

    await user.type(screen.getByLabelText('Agent code'), 'ZZZZ9999');
    await user.click(screen.getByRole('button', { name: 'Check code' }));

    expect(await screen.findByText(/We could not find the agent code ZZZZ9999/)).toBeTruthy();
  });

  it('asks and answers in Filipino, with no English sentence left (issue 32)', async () => {
    await activateLanguage('fil');
    validity(false);
    const user = userEvent.setup();
    renderWithProviders(<AgentCodeCheckForm />);
    expect(screen.getByRole('form', { name: 'Tingnan ang agent code' })).toBeTruthy();
    expect(screen.getByText('4 hanggang 16 na letra o numero, hal. AB12CD34.')).toBeTruthy();
    await user.type(screen.getByLabelText('Agent code'), 'ZZZZ9999');
    await user.click(screen.getByRole('button', { name: 'Tingnan ang code' }));
    expect(await screen.findByText('Hindi namin makita ang agent code na ZZZZ9999. Itanong ito sa nagbigay sa iyo.')).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'referrals')).toEqual([]);
  });
});
