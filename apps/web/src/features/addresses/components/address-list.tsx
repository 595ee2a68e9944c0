import type { AddressDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { MapPinOff, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAddress } from '../api/delete-address';
import { useSavedAddresses } from '../../../lib/api/saved-addresses';
import { AddressCard } from './address-card';

export function AddressList() {
  const { t } = useLingui();
  const addresses = useSavedAddresses();
  const remove = useDeleteAddress();
  const [toDelete, setToDelete] = useState<AddressDto | null>(null);

  const removedText = (address: AddressDto) => {
    const place = `${address.label || address.name}, ${address.streetName}`;
    return t`${place} will be removed from your saved addresses.`;
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(t`Address deleted`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      // A failed delete closes the confirmation too (product.md §8), the toast says why.
      setToDelete(null);
    }
  };

  if (addresses.isPending) return <Spinner label={t`Loading addresses`} />;
  if (addresses.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
        {errorMessage(addresses.error)}
      </p>
    );
  }
  if (addresses.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <MapPinOff className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-800">
          <Trans>No saved addresses yet</Trans>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>Save the places you send from and to, and booking takes seconds.</Trans>
        </p>
        <Link to="/settings/addresses/add" className={buttonClasses('primary', 'md')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Add address</Trans>
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={t`Saved addresses`}>
        {addresses.data.map((address) => (
          <AddressCard key={address.id} address={address} onDelete={() => setToDelete(address)} />
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t`Delete this address?`}
        description={toDelete ? removedText(toDelete) : ''}
        confirmLabel={t`Delete`}
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
