import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { WalletPage } from './wallet-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const flag = (key: string) => ({ key, description: null, testValue: true, productionValue: true, enabled: true, updatedAt: '2026-11-01T00:00:00Z' });

function serve() {
  return fakeApi((call) => {
    if (call.path === '/api/users/me') return json({ data: null }, 401);
    if (call.path === '/api/wallet/balance') return json({ data: { balanceInCents: 123450, activated: true } });
    if (call.path === '/api/flags') return json({ data: ['payments.wallet', 'payments.ewallet', 'payments.qr', 'payments.card'].map(flag) });
    if (call.path === '/api/wallet/methods') return json({ data: [] });
    if (call.path === '/api/wallet/transactions')
      return json({
        data: [
          {
            id: 't1',
            type: 'Top Up',
            amountInCents: 50000,
            balanceAfterInCents: 123450,
            description: null,
            shipmentId: null,
            trackingNumber: null,
            paymentRequestId: null,
            createdAt: '2026-11-05T07:45:00Z',
          },
        ],
        hasNextPage: false,
      });
    return json({ data: null }, 404);
  });
}

describe('the wallet page in Filipino (issue 32)', () => {
  it('says the balance, the return from the provider, the top-up and the history in Filipino, with no English sentence left', async () => {
    await activateLanguage('fil');
    serve();
    renderWithProviders(<WalletPage search={{ success: true, method: 'ewallet', amount: 50000 }} />);
    expect(
      await screen.findByText('Natuloy ang bayad mong ₱500.00 gamit ang e-wallet. Mag-a-update ang balanse kapag nakumpirma na ng provider.'),
    ).toBeTruthy();
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('₱1,234.50');
    expect(await screen.findByRole('button', { name: 'Mag-top up ng ₱500.00' })).toBeTruthy();
    expect(screen.getByText('QR Ph (i-scan gamit ang kahit anong banking o e-wallet app)')).toBeTruthy();
    const history = await screen.findByRole('list', { name: 'Kasaysayan ng wallet' });
    expect(await within(history).findByText('Top-up')).toBeTruthy();
    expect(within(history).getByText('Nobyembre 05, 2026', { exact: false })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'wallet')).toEqual([]);
  });
});
