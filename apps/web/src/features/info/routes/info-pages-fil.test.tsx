import { BOXES, DEFAULT_PRICING_CONFIG, toBoxDisplay } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { chargeableWeightExample, insuranceRule } from '../lib/rate-rules';
import { ProhibitedItemsPage } from './prohibited-items-page';
import { RatesPage } from './rates-page';
import { TermsPage } from './terms-page';
import { renderWithProviders } from '../../../testing/render';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** One information page at its address, with the boxes and the pricing config the server would answer. */
function renderPage(path: string, Page: () => ReactElement) {
  fakeApi((call) => {
    if (call.path === '/api/boxes') return json({ data: BOXES.map(toBoxDisplay) });
    if (call.path === '/api/shipments/pricing/configs') return json({ data: DEFAULT_PRICING_CONFIG });
    return json({ data: {} }, 404);
  });
  const rootRoute = createRootRoute();
  const others = ['/', '/rates', '/prohibited-items', '/terms-and-conditions', '/talk-to-us']
    .filter((other) => other !== path)
    .map((other) => createRoute({ getParentRoute: () => rootRoute, path: other }));
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path, component: Page }), ...others]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router as never} />);
}

describe('the information pages in Filipino (issue 32)', () => {
  it('/rates: box prices, the rules written from the live config, and no English sentence left', async () => {
    await activateLanguage('fil');
    renderPage('/rates', RatesPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga presyo' })).toBeTruthy();
    expect(await screen.findByText('Sakop ng ₱10.00 ang idineklarang halaga hanggang ₱500.00.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Presyo ng mga box' })).toBeTruthy();
    expect(screen.getAllByText('Timbang').length).toBeGreaterThan(0);
    expect(screen.getByText('Sinisingil mula 5 kg, walang maximum')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mag-book ng padala' })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'info')).toEqual([]);
  });

  it('/prohibited-items and /terms-and-conditions read in Filipino, links included', async () => {
    await activateLanguage('fil');
    renderPage('/prohibited-items', ProhibitedItemsPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga bawal at limitadong ipadala' })).toBeTruthy();
    expect(screen.getByText('Baril, bala at pampasabog')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kausapin kami' })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'info')).toEqual([]);
    cleanup();

    renderPage('/terms-and-conditions', TermsPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga tuntunin at kundisyon' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '8. Privacy at ang personal data mo' })).toBeTruthy();
    expect(screen.getByText(/^Ang pick-up ay mula 8:00 AM hanggang/)).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'info')).toEqual([]);
  });

  it('the rate sentences follow the language, with the same figures', async () => {
    await activateLanguage('fil');
    expect(insuranceRule(i18n, DEFAULT_PRICING_CONFIG)).toBe(
      'Sakop ng ₱10.00 ang idineklarang halaga hanggang ₱500.00. Kapag lampas dito, dagdagan ng ₱5.00 ang bawat buo o bahagi ng ₱500.00 na lampas sa unang ₱500.00.',
    );
    expect(chargeableWeightExample(i18n, DEFAULT_PRICING_CONFIG).text).toContain('sisingilin ito bilang 11 kg: 11 × ₱75.00 = ₱825.00');
  });
});
