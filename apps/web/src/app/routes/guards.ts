import { redirect } from '@tanstack/react-router';
import { meQueryOptions, readSignInFlow } from '../../features/auth';
import type { RouterContext } from './root';

/** The signed-in user, from cache or one /users/me call. */
const currentUser = (context: RouterContext) => context.queryClient.ensureQueryData(meQueryOptions());

/** Pages behind sign-in: without a session, go to /login. */
export async function requireSignedIn({ context }: { context: RouterContext }) {
  const user = await currentUser(context);
  if (!user) throw redirect({ to: '/login' });
  return { user };
}

/** Sign-in pages: a signed-in person has nothing to do there. */
export async function requireSignedOut({ context }: { context: RouterContext }) {
  const user = await currentUser(context);
  if (user) throw redirect({ to: '/' });
}

/** Each sign-in step needs what the step before it handed over; otherwise restart at that step. */
export function requireFlowStep(step: 'verify-otp' | 'enter-name' | 'details') {
  return () => {
    const flow = readSignInFlow();
    if (!flow.mobileNumber) throw redirect({ to: '/login/mobile-number' });
    if (step === 'verify-otp') return;
    if (!flow.registrationToken) throw redirect({ to: '/login/mobile-number' });
    if (step === 'details' && !flow.firstName) throw redirect({ to: '/login/enter-name' });
  };
}
