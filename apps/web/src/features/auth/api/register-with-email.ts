import type { UserDto, registerWithEmailBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export type RegisterWithEmailInput = z.output<typeof registerWithEmailBody>;

/** POST /users/registerWithEmail: an invited person sets their name and password, and is signed in. */
export function registerWithEmail(input: RegisterWithEmailInput): Promise<UserDto> {
  return api.post<UserDto>('/users/registerWithEmail', input);
}

export function useRegisterWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerWithEmail,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
