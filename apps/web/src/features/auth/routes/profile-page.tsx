import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMe } from '../api/get-me';
import { ProfileForm } from '../components/profile-form';

export function ProfilePage() {
  const me = useMe();
  return (
    <Card>
      <CardTitle>Profile</CardTitle>
      <CardDescription>Your name and email on Hatid.</CardDescription>
      <div className="mt-6">{me.data ? <ProfileForm user={me.data} /> : <Spinner label="Loading profile" />}</div>
    </Card>
  );
}
