import type { UserDto, loginWithEmailBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export type LoginWithEmailInput = z.output<typeof loginWithEmailBody>;

/** Staff sign-in with email and password. */
export function loginWithEmail(input: LoginWithEmailInput): Promise<UserDto> {
  return api.post<UserDto>('/users/loginWithEmail', input);
}

export function useLoginWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithEmail,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
