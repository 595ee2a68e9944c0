import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MapPin, UserRound } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { meQueryOptions } from '../../features/auth';
import { BoxCatalogue } from '../../features/boxes';

function Welcome() {
  const me = useQuery(meQueryOptions());
  const user = me.data;
  if (me.isPending) return null;
  if (!user) {
    return (
      <Card>
        <CardTitle>Send parcels anywhere in the Philippines</CardTitle>
        <CardDescription className="mt-1">Sign in with your mobile number to save addresses and book deliveries.</CardDescription>
        <Link to="/login" className={buttonClasses('primary', 'md', 'mt-4')}>
          Sign in
        </Link>
      </Card>
    );
  }
  return (
    <Card>
      <CardTitle>Welcome, {user.firstName}!</CardTitle>
      <CardDescription className="mt-1">Signed in as {user.name}. Keep your addresses ready for your next shipment.</CardDescription>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/settings/addresses" className={buttonClasses('primary', 'md')}>
          <MapPin className="h-4 w-4" aria-hidden="true" /> Saved addresses
        </Link>
        <Link to="/settings" className={buttonClasses('secondary', 'md')}>
          <UserRound className="h-4 w-4" aria-hidden="true" /> Profile
        </Link>
      </div>
    </Card>
  );
}

export function HomePage() {
  return (
    <div className="flex flex-col gap-8">
      <Welcome />
      <BoxCatalogue />
    </div>
  );
}
