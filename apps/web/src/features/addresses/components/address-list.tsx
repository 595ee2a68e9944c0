import type { AddressDto } from '@hatid/domain';
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
  const addresses = useSavedAddresses();
  const remove = useDeleteAddress();
  const [toDelete, setToDelete] = useState<AddressDto | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success('Address deleted');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      // A failed delete closes the confirmation too (product.md §8), the toast says why.
      setToDelete(null);
    }
  };

  if (addresses.isPending) return <Spinner label="Loading addresses" />;
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
        <p className="font-medium text-slate-800">No saved addresses yet</p>
        <p className="text-sm text-slate-600">Save the places you send from and to, and booking takes seconds.</p>
        <Link to="/settings/addresses/add" className={buttonClasses('primary', 'md')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add address
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Saved addresses">
        {addresses.data.map((address) => (
          <AddressCard key={address.id} address={address} onDelete={() => setToDelete(address)} />
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this address?"
        description={toDelete ? `${toDelete.label || toDelete.name}, ${toDelete.streetName} will be removed from your saved addresses.` : ''}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
