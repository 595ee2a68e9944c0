import type { UserDto, updateMeBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export type UpdateMeInput = z.output<typeof updateMeBody>;

export function updateMe(input: UpdateMeInput): Promise<UserDto> {
  return api.put<UserDto>('/users/update/me', input);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
