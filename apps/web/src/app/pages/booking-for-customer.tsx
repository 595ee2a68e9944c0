import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { resetDraft, type BookFor } from '../../features/booking/draft/booking-draft';

/** Above the booking form while staff book in a customer's name: whose booking it is, and a way out. */
export function BookingForCustomer({ customer }: { customer: BookFor }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="booking-for-title" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4">
      <div className="flex items-center gap-3">
        <UserRound className="h-5 w-5 text-teal-800" aria-hidden="true" />
        <div>
          <h2 id="booking-for-title" className="text-base font-semibold text-slate-900">
            <Trans>Booking for {customer.name}</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>The shipment will be in this customer's name; the price is the customer's.</Trans>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/shipments" search={{ book: 'customer' }} className={buttonClasses('secondary', 'sm')}>
          <Trans>Choose another customer</Trans>
        </Link>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            resetDraft();
            void navigate({ to: '/shipments' });
          }}
        >
          <Trans>Stop booking</Trans>
        </Button>
      </div>
    </section>
  );
}
