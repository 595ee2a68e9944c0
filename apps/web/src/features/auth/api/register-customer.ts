import type { UserDto, registerCustomerBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export type RegisterCustomerInput = z.output<typeof registerCustomerBody>;

/** Creates the customer account for a verified number and signs it in. */
export function registerCustomer(input: RegisterCustomerInput): Promise<UserDto> {
  return api.post<UserDto>('/users/registerCustomer', input);
}

export function useRegisterCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerCustomer,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
