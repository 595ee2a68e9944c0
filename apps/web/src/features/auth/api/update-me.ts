import type { MeDto, updateMeBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

export type UpdateMeInput = z.output<typeof updateMeBody>;

/** Names change at once; a new email comes back as `pendingEmail` until the link sent to it is opened. */
export function updateMe(input: UpdateMeInput): Promise<MeDto> {
  return api.put<MeDto>('/users/update/me', input);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
