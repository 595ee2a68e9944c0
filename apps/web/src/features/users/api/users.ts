import type { AdminUserDto, InviteUserResult, RoleName, UserStatusCounts } from '@hatid/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';

export type UserListStatus = keyof UserStatusCounts;

export interface UserListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  roleIds?: number | undefined;
  status: UserListStatus;
}

export type UsersPage = PageResult<AdminUserDto> & { hasNextPage: boolean; counts: UserStatusCounts };

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

export interface RoleOption {
  id: number;
  name: RoleName;
}

/** GET /users/roles: the roles this person may view (ids for the role filter). */
export function useRoles(enabled = true) {
  return useQuery({
    queryKey: ['users', 'roles'],
    queryFn: ({ signal }) => api.get<RoleOption[]>('/users/roles', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export interface InviteUserValues {
  /** Absent for a rider-only account: it is active at once and signs in by mobile. */
  email?: string;
  firstName: string;
  lastName: string;
  roles: RoleName[];
  mobileNumber?: string | undefined;
  serviceAreaCodes?: string[];
}

export interface UpdateUserValues {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  mobileNumber?: string | null;
  roles?: RoleName[];
  serviceAreaCodes?: string[];
}

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
      id
        ? api.put<AdminUserDto>(userPath(id), input)
        : api.post<InviteUserResult>('/users', input, { responseType: 'body' }),
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
