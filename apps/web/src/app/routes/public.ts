import { msg } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AuthShell } from '../layout/auth-shell';
import { requireFlowStep, requireSignedOut } from './guards';
import { rootRoute } from './root';

/** The sign-in and registration steps: only for people who are not signed in. */
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'sign-in',
  beforeLoad: requireSignedOut,
  component: AuthShell,
});

const authPages = withMessages('auth', () => import('../../features/auth/routes/login-page'));

const loginRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/login',
  staticData: { title: msg`Sign in` },
  // ?error=<reason> when a social sign-in came back without signing in (SOCIAL_LOGIN_ERRORS in the domain).
  validateSearch: (search: Record<string, unknown>): { error?: string } =>
    typeof search.error === 'string' && /^[a-z_]{1,40}$/.test(search.error) ? { error: search.error } : {},
  component: lazyRouteComponent(authPages, 'LoginPage'),
});

const mobileNumberRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/login/mobile-number',
  staticData: { title: msg`Your mobile number` },
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/mobile-number-page')),
    'MobileNumberPage',
  ),
});

const verifyOtpRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/login/verify-otp',
  staticData: { title: msg`Enter the code` },
  beforeLoad: requireFlowStep('verify-otp'),
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/verify-otp-page')),
    'VerifyOtpPage',
  ),
});

const enterNameRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/login/enter-name',
  staticData: { title: msg`Your name` },
  beforeLoad: requireFlowStep('enter-name'),
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/enter-name-page')),
    'EnterNamePage',
  ),
});

const registrationPages = withMessages('auth', () => import('../../features/auth/routes/registration-pages'));

const individualRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/login/individual',
  staticData: { title: msg`Finish signing up` },
  beforeLoad: requireFlowStep('details'),
  component: lazyRouteComponent(registrationPages, 'IndividualPage'),
});

const completeRegistrationRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/complete-registration',
  staticData: { title: msg`Your business` },
  beforeLoad: requireFlowStep('details'),
  component: lazyRouteComponent(registrationPages, 'CompleteRegistrationPage'),
});

/** The invitation link (`/register?token=…`): an invited person sets their name and password. */
const registerRoute = createRoute({
  getParentRoute: () => signInRoute,
  path: '/register',
  staticData: { title: msg`Accept your invitation` },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length > 0 && search.token.length <= 500
      ? { token: search.token }
      : typeof search.token === 'number'
        ? { token: String(search.token) }
        : {},
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/register-page')),
    'RegisterPage',
  ),
});

/**
 * The email confirmation link (`/verify-email?token=…`, sent when someone gives a new email): signed in or
 * not, as the link may be opened on another device.
 */
const verifyEmailLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'email-proof',
  component: AuthShell,
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => verifyEmailLayout,
  path: '/verify-email',
  staticData: { title: msg`Confirm your email` },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token.length > 0 && search.token.length <= 500 ? { token: search.token } : {},
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/verify-email-page')),
    'VerifyEmailPage',
  ),
});

export const emailProofRoutes = verifyEmailLayout.addChildren([verifyEmailRoute]);

export const publicRoutes = signInRoute.addChildren([
  loginRoute,
  mobileNumberRoute,
  verifyOtpRoute,
  enterNameRoute,
  individualRoute,
  completeRegistrationRoute,
  registerRoute,
]);
