import { redirect } from '@tanstack/react-router';
import { meQueryOptions, readSignInFlow } from '../../features/auth';
import { NoAccessError } from '../../lib/no-access';
import { getDraft } from '../../features/booking/draft/booking-draft';
import { mayUseBookingForm } from '../../lib/roles';
import type { RouterContext } from './root';

/** The signed-in user, from cache or one /users/me call. */
const currentUser = (context: RouterContext) => context.queryClient.ensureQueryData(meQueryOptions());

/** Pages behind sign-in: without a session, go to /login. */
export async function requireSignedIn({ context }: { context: RouterContext }) {
  const user = await currentUser(context);
  if (!user) throw redirect({ to: '/login' });
  return { user };
}

/** Sign-in pages: a signed-in person has nothing to do there, and goes where they work. */
export async function requireSignedOut({ context }: { context: RouterContext }) {
  const user = await currentUser(context);
  if (user) throw redirect({ to: '/start' });
}

/**
 * The customer booking pages: for people who book for themselves (customers, business admins and
 * members), and for staff, ssp and partners while they book for the customer chosen in the console.
 * Anyone else signed in sees the no-access page; visitors may price a parcel before signing up.
 */
export async function requireSelfBooking({ context }: { context: RouterContext }) {
  const user = await currentUser(context);
  if (user && !mayUseBookingForm(user, getDraft().bookFor)) throw new NoAccessError();
  return { user };
}

/** The address book: for whoever may create addresses (the CASL rules, loaded with these pages). */
export async function requireAddressBook({ context }: { context: RouterContext }) {
  const { user } = await requireSignedIn({ context });
  const { accessFor } = await import('../../lib/ability');
  if (!accessFor(user).ability.can('create', 'Address')) throw new NoAccessError();
  return { user };
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
