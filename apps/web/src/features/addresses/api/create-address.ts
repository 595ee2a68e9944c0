import type { AddressDto, AddressInput } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { savedAddressesQueryKey } from './get-saved-addresses';

export function createAddress(input: AddressInput): Promise<AddressDto> {
  return api.post<AddressDto>('/addresses/new-address', input);
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
