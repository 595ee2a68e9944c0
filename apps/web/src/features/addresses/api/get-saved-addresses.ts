import type { AddressDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getSavedAddresses(signal?: AbortSignal): Promise<AddressDto[]> {
  return api.get<AddressDto[]>('/addresses/saved-addresses', { signal });
}

export const savedAddressesQueryKey = ['addresses', 'saved'] as const;

export const savedAddressesQueryOptions = () =>
  queryOptions({
    queryKey: savedAddressesQueryKey,
    queryFn: ({ signal }) => getSavedAddresses(signal),
  });

export function useSavedAddresses() {
  return useQuery(savedAddressesQueryOptions());
}
