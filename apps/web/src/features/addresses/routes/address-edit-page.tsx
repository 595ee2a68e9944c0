import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSavedAddresses } from '../../../lib/api/saved-addresses';
import { AddressForm } from '../components/address-form';

const route = getRouteApi('/settings/addresses/add');

/** /settings/addresses/add adds; /settings/addresses/add?id=... edits that saved address. */
export function AddressEditPage() {
  const { t } = useLingui();
  const { id } = route.useSearch();
  const navigate = useNavigate();
  const addresses = useSavedAddresses();
  const backToList = () => void navigate({ to: '/settings/addresses' });

  const editing = id !== undefined;
  const address = editing ? addresses.data?.find((a) => a.id === id) : undefined;

  let body: ReactNode;
  if (!editing) body = <AddressForm onSaved={backToList} onCancel={backToList} />;
  else if (addresses.isPending) body = <Spinner label={t`Loading address`} />;
  else if (addresses.isError)
    body = (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(addresses.error)}
      </p>
    );
  else if (!address) {
    body = (
      <p role="alert" className="text-sm text-slate-700">
        <Trans>This address no longer exists.</Trans>{' '}
        <Link to="/settings/addresses" className="text-teal-700 underline">
          <Trans>Back to saved addresses</Trans>
        </Link>
      </p>
    );
  } else body = <AddressForm key={address.id} address={address} onSaved={backToList} onCancel={backToList} />;

  return (
    <Card>
      <CardTitle>{editing ? <Trans>Edit address</Trans> : <Trans>Add address</Trans>}</CardTitle>
      <CardDescription>
        <Trans>We deliver to the provinces listed; choose each place from the list.</Trans>
      </CardDescription>
      <div className="mt-6">{body}</div>
    </Card>
  );
}
