import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { MapPin, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { SlicedMount } from '../../components/ui/sliced-mount';
import { Spinner } from '../../components/ui/spinner';
import { meQueryOptions } from '../../features/auth';
import { BookingForm } from '../../features/booking';
import { useBookingDraft } from '../../features/booking/draft/booking-draft';
import { mayUseBookingForm, isStaffSide } from '../../lib/roles';
import { BookingForCustomer } from './booking-for-customer';
import { SIGN_IN_LINK_CLASSES, SignedOutWelcome } from '../landing/landing-intros';

function Welcome({ firstName, addressBook }: { firstName: string | undefined; addressBook: boolean }) {
  if (!firstName) {
    return (
      <SignedOutWelcome
        signIn={
          <Link to="/login" className={SIGN_IN_LINK_CLASSES}>
            <Trans>Sign in</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <section aria-labelledby="welcome-title" className="flex flex-wrap items-center justify-between gap-3">
      <h2 id="welcome-title" className="text-lg font-semibold text-slate-900">
        <Trans>Welcome, {firstName}!</Trans>
      </h2>
      <div className="flex flex-wrap gap-2">
        {addressBook ? (
          <Link to="/settings/addresses" className={buttonClasses('secondary', 'sm')}>
            <MapPin className="h-4 w-4" aria-hidden="true" /> <Trans>Saved addresses</Trans>
          </Link>
        ) : null}
        <Link to="/settings" className={buttonClasses('secondary', 'sm')}>
          <UserRound className="h-4 w-4" aria-hidden="true" /> <Trans>Profile</Trans>
        </Link>
      </div>
    </section>
  );
}

/** `/`: a short greeting and the booking form (the box catalogue with prices is part of it). */
export function HomePage() {
  const { t } = useLingui();
  const me = useQuery(meQueryOptions());
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const user = me.data;
  const { bookFor } = useBookingDraft();
  // Staff, partners, riders…: their home is the console (or the rider app), not the customer form, unless
  // they chose a customer to book for in the console.
  const elsewhere = Boolean(user && !mayUseBookingForm(user, bookFor));
  useEffect(() => {
    if (elsewhere) void navigate({ to: '/start', replace: true });
  }, [elsewhere, navigate]);
  // Who is booking decides the address choices and what Continue does; wait for it instead of guessing.
  const loading = <Spinner label={t`Loading`} className="py-16" />;
  if (me.isPending || elsewhere) return loading;
  return (
    <SlicedMount fallback={loading}>
      <BookingForm
        signedIn={Boolean(user)}
        deliveryType={search.deliveryType}
        onDeliveryTypeChange={(deliveryType) => void navigate({ search: { deliveryType }, replace: true, resetScroll: false })}
        intro={bookFor ? <BookingForCustomer customer={bookFor} /> : <Welcome firstName={user?.firstName} addressBook={Boolean(user) && !isStaffSide(user)} />}
      />
    </SlicedMount>
  );
}
