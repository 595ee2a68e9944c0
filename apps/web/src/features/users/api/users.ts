import type { AdminUserDto, inviteUserBody, InviteUserResult, roleDto, updateUserBody, userListQuery, UserPage, UserStatusCounts } from '@hatid/domain';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../lib/api-query';

export type UserListStatus = keyof UserStatusCounts;

export type UserListParams = ListQuery<typeof userListQuery>;

export type UsersPage = UserPage;

/** GET /users: the status tab, search, role filter and paging; `counts` per tab for the same filters. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UsersPage> {
  return api.get<UsersPage>('/users', { signal, responseType: 'body', query: { ...params } });
}

export const usersQueryKey = ['users', 'admin'] as const;

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}

export type RoleOption = z.infer<typeof roleDto>;

/** GET /users/roles: the roles this person may view (ids for the role filter). */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: ['users', 'roles'],
    queryFn: ({ signal }) => api.get<RoleOption[]>('/users/roles', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export type InviteUserValues = z.input<typeof inviteUserBody>;

export type UpdateUserValues = z.input<typeof updateUserBody>;

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export type UserCommand = 'activate' | 'deactivate' | 'set-employee' | 'unset-employee' | 'transfer';

export function runUserCommand(command: UserCommand, id: string): Promise<unknown> {
  switch (command) {
    case 'activate':
      return api.put(`/users/activate/${encodeURIComponent(id)}`);
    case 'deactivate':
      return api.delete(userPath(id));
    case 'set-employee':
      return api.put(`/users/set-employee/${encodeURIComponent(id)}`);
    case 'unset-employee':
      return api.put(`/users/unset-employee/${encodeURIComponent(id)}`);
    case 'transfer':
      return api.put(`/users/transfers/${encodeURIComponent(id)}`);
  }
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersQueryKey });
}

/** POST /users (invite) or PUT /users/{id} (only what changed). */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: InviteUserValues | UpdateUserValues }): Promise<AdminUserDto | InviteUserResult> =>
      id ? api.put<AdminUserDto>(userPath(id), input) : api.post<InviteUserResult>('/users', input, { responseType: 'body' }),
    onSuccess: () => invalidate(),
  });
}

export function useUserCommand() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ command, id }: { command: UserCommand; id: string }) => runUserCommand(command, id),
    onSuccess: () => invalidate(),
  });
}
