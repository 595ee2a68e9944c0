import type { AddressDto, AddressInput } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { savedAddressesQueryKey } from '../../../lib/api/saved-addresses';

export function updateAddress({ id, input }: { id: string | null | undefined; input: AddressInput }): Promise<AddressDto> {
  const addressId = required(id, 'id', 'updateAddress');
  return api.put<AddressDto>(`/addresses/me/update/${encodeURIComponent(addressId)}`, input);
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
