import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { savedAddressesQueryKey } from '../../../lib/api/saved-addresses';

export function deleteAddress(id: string | null | undefined): Promise<void> {
  const addressId = required(id, 'id', 'deleteAddress');
  return api.delete<void>(`/addresses/${encodeURIComponent(addressId)}`);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
