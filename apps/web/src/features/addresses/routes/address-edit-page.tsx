import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSavedAddresses } from '../../../lib/api/saved-addresses';
import { AddressForm } from '../components/address-form';

const route = getRouteApi('/settings/addresses/add');

/** /settings/addresses/add adds; /settings/addresses/add?id=... edits that saved address. */
export function AddressEditPage() {
  const { id } = route.useSearch();
  const navigate = useNavigate();
  const addresses = useSavedAddresses();
  const backToList = () => void navigate({ to: '/settings/addresses' });

  const editing = id !== undefined;
  const address = editing ? addresses.data?.find((a) => a.id === id) : undefined;

  let body;
  if (!editing) body = <AddressForm onSaved={backToList} onCancel={backToList} />;
  else if (addresses.isPending) body = <Spinner label="Loading address" />;
  else if (addresses.isError) body = <p role="alert" className="text-sm text-red-700">{errorMessage(addresses.error)}</p>;
  else if (!address) {
    body = (
      <p role="alert" className="text-sm text-slate-700">
        This address no longer exists.{' '}
        <Link to="/settings/addresses" className="text-teal-700 underline">
          Back to saved addresses
        </Link>
      </p>
    );
  } else body = <AddressForm key={address.id} address={address} onSaved={backToList} onCancel={backToList} />;

  return (
    <Card>
      <CardTitle>{editing ? 'Edit address' : 'Add address'}</CardTitle>
      <CardDescription>We deliver to the provinces listed; choose each place from the list.</CardDescription>
      <div className="mt-6">{body}</div>
    </Card>
  );
}
