import type { MeDto } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../features/auth';
import { initialLanguage } from '../../i18n/language';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { fakeApi, json } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { TrackIntro } from '../landing/landing-intros';
import { LanguageSwitch, useAccountLanguage } from './language-switch';
import { meDto } from '../../testing/users';

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the page's language cookie.
  document.cookie = 'hatid_lang=; Path=/; Max-Age=0';
};
afterEach(() => {
  cleanup();
  clearCookie();
  vi.restoreAllMocks();
});

const person = (language: MeDto['language']): MeDto =>
  meDto({ firstName: 'Liza', lastName: 'Soberano', name: 'Liza Soberano', mobileNumber: '+639171234567', createdAt: '2026-11-01T00:00:00Z', language });

function AccountLanguage() {
  useAccountLanguage();
  return null;
}

describe('the language switch', () => {
  it('turns the page Filipino at once, signed out: remembered in a cookie, <html lang> follows, nothing sent to the server', async () => {
    const api = fakeApi(() => json({}, 500));
    renderWithProviders(
      <>
        <LanguageSwitch />
        <TrackIntro />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Track a shipment' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fil');
    expect(await screen.findByRole('heading', { name: 'I-track ang padala' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Wika' }) as HTMLSelectElement).value).toBe('fil');
    expect(document.cookie).toContain('hatid_lang=fil');
    expect(document.documentElement.lang).toBe('fil');
    expect(api.writes()).toEqual([]);
    // Money and dates follow the language: ₱ the same, the month in Filipino.
    expect(formatMoney(123450)).toBe('₱1,234.50');
    expect(formatDate('2026-11-05T07:45:00Z')).toBe('Nobyembre 05, 2026');
  });

  it('saves the choice on the account of a signed-in person (SMS and push use it)', async () => {
    const api = fakeApi((call) => (call.method === 'PUT' ? json({ data: person('fil') }) : json({ data: person('en') })));
    const view = renderWithProviders(<LanguageSwitch />);
    view.queryClient.setQueryData(meQueryKey, person('en'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fil');
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'PUT', path: '/api/users/update/me', body: { language: 'fil' } }]));
    await waitFor(() => expect(view.queryClient.getQueryData<MeDto>(meQueryKey)?.language).toBe('fil'));
  });

  it("opens in the account's language once the person is known, on any device", async () => {
    fakeApi(() => json({ data: person('fil') }));
    renderWithProviders(
      <>
        <AccountLanguage />
        <TrackIntro />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'I-track ang padala' })).toBeTruthy();
    expect(document.cookie).toContain('hatid_lang=fil');
  });

  it('gives an account without a language the one the person is reading in', async () => {
    const api = fakeApi((call) => (call.method === 'PUT' ? json({ data: person('en') }) : json({ data: person(null) })));
    renderWithProviders(<AccountLanguage />);
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'PUT', path: '/api/users/update/me', body: { language: 'en' } }]));
  });
});

describe('the first language', () => {
  const languages = (list: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(list);

  it('follows the browser on a first visit: Filipino for fil and Tagalog, else English', () => {
    languages(['fil-PH', 'en']);
    expect(initialLanguage()).toBe('fil');
    languages(['tl']);
    expect(initialLanguage()).toBe('fil');
    languages(['ja', 'de']);
    expect(initialLanguage()).toBe('en');
  });

  it('follows the cookie once the visitor chose', () => {
    languages(['fil-PH']);
    // biome-ignore lint/suspicious/noDocumentCookie: the visitor's earlier choice.
    document.cookie = 'hatid_lang=en; Path=/';
    expect(initialLanguage()).toBe('en');
  });
});

describe('server errors in the reader language', () => {
  it('says a known reason in Filipino with its numbers, and keeps the server English for an unknown one', async () => {
    renderWithProviders(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fil');
    await screen.findByRole('combobox', { name: 'Wika' });
    const wrongCode = new ApiError({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'The code is incorrect. 2 tries left.',
      reason: 'auth.code_wrong_tries_left',
      params: { left: 2 },
    });
    expect(errorMessage(wrongCode)).toBe('Mali ang code. 2 subok na lang ang natitira.');
    const unknown = new ApiError({ statusCode: 422, code: 'RULE_BROKEN', message: 'This box is too heavy', reason: 'booking.not_in_the_table' });
    expect(errorMessage(unknown)).toBe('This box is too heavy');
    const network = new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', reason: 'client.network', message: 'Cannot reach Hatid.' });
    expect(errorMessage(network)).toBe('Hindi maabot ang Hatid. Tingnan ang iyong koneksyon at subukan ulit.');
  });
});
