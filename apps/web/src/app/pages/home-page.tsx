import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { MapPin, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { meQueryOptions } from '../../features/auth';
import { BookingForm } from '../../features/booking';
import { useBookingDraft } from '../../features/booking/draft/booking-draft';
import { mayUseBookingForm, isStaffSide } from '../../lib/roles';
import { BookingForCustomer } from './booking-for-customer';

function Welcome({ firstName, addressBook }: { firstName: string | undefined; addressBook: boolean }) {
  if (!firstName) {
    return (
      <section aria-labelledby="welcome-title" className="flex flex-col gap-1">
        <h2 id="welcome-title" className="text-lg font-semibold text-slate-900">
          Send parcels anywhere in the Philippines
        </h2>
        <p className="text-sm text-slate-600">
          See the price as you go. You sign in with your mobile number only when you place the order.{' '}
          <Link to="/login" className="font-medium text-teal-800 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="welcome-title" className="flex flex-wrap items-center justify-between gap-3">
      <h2 id="welcome-title" className="text-lg font-semibold text-slate-900">
        Welcome, {firstName}!
      </h2>
      <div className="flex flex-wrap gap-2">
        {addressBook ? (
          <Link to="/settings/addresses" className={buttonClasses('secondary', 'sm')}>
            <MapPin className="h-4 w-4" aria-hidden="true" /> Saved addresses
          </Link>
        ) : null}
        <Link to="/settings" className={buttonClasses('secondary', 'sm')}>
          <UserRound className="h-4 w-4" aria-hidden="true" /> Profile
        </Link>
      </div>
    </section>
  );
}

/** `/`: a short greeting and the booking form (the box catalogue with prices is part of it). */
export function HomePage() {
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
  if (me.isPending || elsewhere) return <Spinner label="Loading" className="py-16" />;
  return (
    <BookingForm
      signedIn={Boolean(user)}
      deliveryType={search.deliveryType}
      onDeliveryTypeChange={(deliveryType) => void navigate({ search: { deliveryType }, replace: true, resetScroll: false })}
      intro={bookFor ? <BookingForCustomer customer={bookFor} /> : <Welcome firstName={user?.firstName} addressBook={Boolean(user) && !isStaffSide(user)} />}
    />
  );
}
