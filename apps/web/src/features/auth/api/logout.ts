import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** Ends the session; the server clears the cookie. */
export function logout(): Promise<void> {
  return api.post<void>('/users/logout');
}

const isMe = (key: readonly unknown[]) => key[0] === meQueryKey[0] && key[1] === meQueryKey[1];

/** Signs out and forgets every cached answer, so the next person on this browser sees nothing of it. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await queryClient.cancelQueries();
      // "Nobody" first, so screens still showing the user (the header) update at once; then drop the rest.
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => !isMe(query.queryKey) });
      queryClient.getMutationCache().clear();
    },
  });
}
