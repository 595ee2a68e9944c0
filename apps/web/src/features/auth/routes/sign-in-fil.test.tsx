import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../../../app/layout/language-switch';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { renderWithI18n } from '../../../testing/render';
import { EnterNameForm } from '../components/enter-name-form';
import { updateSignInFlow } from '../sign-in-flow';
import { LoginPage } from './login-page';
import { MobileNumberPage } from './mobile-number-page';
import { IndividualPage } from './registration-pages';
import { renderWithProviders } from '../../../testing/render';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** The sign-in steps at their real route ids (`/sign-in/login` is what the login page reads its search from). */
function renderSignIn(path: string) {
  fakeApi((call) => (call.path === '/api/users/social-login-providers' ? json({ data: { connectionTypes: ['google'] } }) : json({ data: {} })));
  // The signed-out header's language switch is the sign-in pages' one (the page has none of its own).
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <LanguageSwitch />
        <Outlet />
      </>
    ),
  });
  const signIn = createRoute({ getParentRoute: () => rootRoute, id: 'sign-in' });
  const pages = [
    createRoute({ getParentRoute: () => signIn, path: '/login', validateSearch: (): { error?: string } => ({}), component: LoginPage }),
    createRoute({ getParentRoute: () => signIn, path: '/login/mobile-number', component: MobileNumberPage }),
    createRoute({ getParentRoute: () => signIn, path: '/login/individual', component: IndividualPage }),
  ];
  const others = ['/start', '/login/verify-otp', '/login/enter-name', '/'].map((to) => createRoute({ getParentRoute: () => signIn, path: to }));
  const router = createRouter({
    routeTree: rootRoute.addChildren([signIn.addChildren([...pages, ...others])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router as never} />);
}

describe('the sign-in and sign-up screens in Filipino (issue 32)', () => {
  it('the language switch above the sign-in page says the whole page in Filipino', async () => {
    renderSignIn('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Hatid' })).toBeTruthy();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fil');

    expect(await screen.findByRole('heading', { name: 'Mag-sign in sa Hatid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Magpatuloy gamit ang mobile number' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Magpatuloy gamit ang Google' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Pag-sign in ng staff' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mag-sign in bilang staff' })).toBeTruthy();
    expect(screen.getByText('Staff ng Hatid')).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'auth')).toEqual([]);
  });

  it('the mobile number step says its step, hint and button in Filipino', async () => {
    await activateLanguage('fil');
    renderSignIn('/login/mobile-number');
    expect(await screen.findByText('Hakbang 1 sa 4')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ang mobile number mo' })).toBeTruthy();
    expect(screen.getByText('Magte-text kami sa iyo ng 6-digit na code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ipadala ang code' })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'auth')).toEqual([]);
  });

  it('the last sign-up step names the person and asks for the terms in Filipino', async () => {
    updateSignInFlow({ firstName: 'Ana', lastName: 'Reyes', registrationToken: 'tok' });
    await activateLanguage('fil');
    renderSignIn('/login/individual');
    expect(await screen.findByText('Nagsa-sign up bilang Ana Reyes.')).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'mga tuntunin at kundisyon (bubukas sa bagong tab)',
      'patakaran sa privacy (bubukas sa bagong tab)',
      'Bumalik',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Gumawa ng account' }));
    expect(await screen.findByText('Tanggapin ang mga tuntunin at kundisyon para magpatuloy')).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'auth')).toEqual([]);
  });

  it('the name step says the account kinds and its own error in Filipino', async () => {
    await activateLanguage('fil');
    renderWithI18n(<EnterNameForm onSubmit={vi.fn()} />);
    expect(screen.getByRole('radio', { name: /Indibidwal/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Negosyo/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Uri ng account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Magpatuloy' })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'auth')).toEqual([]);
  });
});
