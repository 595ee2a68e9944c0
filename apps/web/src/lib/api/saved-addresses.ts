import type { AddressDto, AddressInput } from '@hatid/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';

// The signed-in person's address book, read by the booking form and the address pages: one cache entry,
// so a change in one shows in the other.

/** GET /addresses/saved-addresses. */
export function getSavedAddresses(signal?: AbortSignal): Promise<AddressDto[]> {
  return api.get<AddressDto[]>('/addresses/saved-addresses', { signal });
}

export const savedAddressesQueryKey = ['addresses', 'saved'] as const;

export const savedAddressesQueryOptions = () =>
  queryOptions({
    queryKey: savedAddressesQueryKey,
    queryFn: ({ signal }) => getSavedAddresses(signal),
  });

/** `enabled: false` for a visitor, who has no address book. */
export function useSavedAddresses(enabled = true) {
  return useQuery({ ...savedAddressesQueryOptions(), enabled });
}

/** POST /addresses/new-address. */
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
