import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../api/get-me';
import { ProfileForm } from '../components/profile-form';

/** The profile card: under /settings its heading sits below the page's "Settings" h1. */
export function ProfilePage({ standalone = false }: { standalone?: boolean }) {
  // Read afresh on every visit: a link opened on another device (or a sign-in answer without the pending
  // email) may have left the cached account behind.
  const me = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  return (
    <Card>
      {standalone ? <h1 className="text-xl font-semibold text-slate-900">Profile</h1> : <CardTitle>Profile</CardTitle>}
      <CardDescription>Your name and email on Hatid.</CardDescription>
      <div className="mt-6">{me.data ? <ProfileForm user={me.data} /> : <Spinner label="Loading profile" />}</div>
    </Card>
  );
}

/** /profile: the same card as a page of its own, so it carries the page's h1. */
export function StandaloneProfilePage() {
  return <ProfilePage standalone />;
}
