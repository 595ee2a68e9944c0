import type { AdminUserDto } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table/data-table';
import { DEFAULT_LIMIT } from '../../../components/data-table/table-search';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ViewModal } from '../../../components/ui/modal';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMobileNumber } from '../../../lib/format';
import { meQueryKey, useMe } from '../../auth';
import { useRoles, useUserCommand, useUsers, type UserCommand } from '../api/users';
import { rolesText, serviceAreasText, statusText, USER_COLUMNS } from '../components/user-columns';
import { UserFormModal } from '../components/user-form-modal';
import { UserRowMenu } from '../components/user-row-menu';
import { commandConfirmation } from '../lib/user-commands';
import { ROLE_NAMES_SHOWN, USER_TAB_NAMES } from '../lib/user-labels';
import { parseUsersSearch, USER_TABS, type UsersSearch } from '../lib/users-search';
import { useTableSearch } from '../../../components/data-table/use-table-search';

const route = getRouteApi('/console/users');

type Dialog = { kind: 'add' } | { kind: 'update' | 'view'; user: AdminUserDto } | { kind: 'command'; command: UserCommand; user: AdminUserDto } | null;

/**
 * /users in the console: GET /users with the status tabs (Active first) and their counts, search, a role
 * filter and paging in the address; add (invite), update, view, activate/deactivate, the employee flag and
 * the super admin transfer, each only where the abilities allow.
 */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseUsersSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const { ability } = useAccess();
  const me = useMe();
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const status = search.tab ?? 'ACTIVE';
  const roles = useRoles(ability.can('view', 'Role') || ability.can('admin_view', 'Role'));
  // `?role=rider` (a link from "Assign riders") reads as that role's id once the roles are known.
  const roleId = search.roleId ?? (search.role ? roles.data?.find((r) => r.name === search.role)?.id : undefined);
  // The query's role ids are text (one or more, comma-separated); the filter holds one.
  const users = useUsers({ page, limit, search: search.search, roleIds: roleId === undefined ? undefined : String(roleId), status });
  const [dialog, setDialog] = useState<Dialog>(null);
  const roleFilterId = useId();

  const setSearch = useTableSearch(search, navigateSearch, users);

  const counts = users.data?.counts;
  const tabs = USER_TABS.map((tab) => ({ value: tab === 'ACTIVE' ? undefined : tab, label: i18n._(USER_TAB_NAMES[tab]), count: counts?.[tab] }));

  return (
    <>
      <DataTable<AdminUserDto>
        title={t`Users`}
        description={t`Accounts, their roles and status.`}
        columns={USER_COLUMNS}
        query={users}
        getRowId={(user) => user.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<UsersSearch>, options)}
        searchPlaceholder={t`Name, email or mobile number`}
        noun={(count) => t`${plural(count, { one: '# user', other: '# users' })}`}
        tabs={tabs}
        filtered={roleId !== undefined}
        onClearFilters={() => setSearch({ roleId: undefined, role: undefined })}
        filters={
          roles.data && roles.data.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={roleFilterId} className="text-sm font-medium text-slate-800">
                <Trans>Role</Trans>
              </label>
              <select
                id={roleFilterId}
                value={roleId ?? ''}
                onChange={(event) => setSearch({ roleId: event.target.value ? Number(event.target.value) : undefined, role: undefined, page: undefined })}
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              >
                <option value="">{t`All roles`}</option>
                {roles.data.map((role) => (
                  <option key={role.id} value={role.id}>
                    {ROLE_NAMES_SHOWN[role.name] ? i18n._(ROLE_NAMES_SHOWN[role.name]) : role.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null
        }
        createAction={
          ability.can('create', 'User') ? (
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <UserPlus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add user</Trans>
            </Button>
          ) : null
        }
        rowActions={(user) => (
          <UserRowMenu
            user={user}
            selfId={me.data?.id}
            onView={() => setDialog({ kind: 'view', user })}
            onUpdate={() => setDialog({ kind: 'update', user })}
            onCommand={(command) => setDialog({ kind: 'command', command, user })}
          />
        )}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'update' ? (
        <UserFormModal
          key={dialog.kind === 'update' ? dialog.user.id : 'add'}
          user={dialog.kind === 'update' ? dialog.user : null}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
        />
      ) : null}
      {dialog?.kind === 'view' ? <UserView user={dialog.user} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'command' ? <UserCommandDialog command={dialog.command} user={dialog.user} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function UserView({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const { t } = useLingui();
  const business = user.businessName;
  const invoiceAccount = user.invoiceAccountName;
  return (
    <ViewModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={user.name}
      size="lg"
      fields={[
        { label: t`Email`, value: user.email ?? '—' },
        { label: t`Mobile number`, value: user.mobileNumber ? formatMobileNumber(user.mobileNumber) : '—' },
        { label: t`Roles`, value: rolesText(user) },
        ...(user.roles.some((role) => role.name === 'rider') ? [{ label: t`Service areas`, value: serviceAreasText(user) }] : []),
        { label: t`Status`, value: statusText(user.status) },
        { label: t`Employee`, value: user.isEmployee ? t`Yes` : t`No` },
        { label: t`Account`, value: user.clientType === 'business' ? (business ? t`Business (${business})` : t`Business`) : t`Individual` },
        { label: t`Invoice account`, value: invoiceAccount ? t`${invoiceAccount} (sender-pays bookings are billed to it)` : t`None` },
        { label: t`Agent code`, value: user.agentCode ?? '—' },
        { label: t`Invited by`, value: user.createdByName ?? '—' },
        { label: t`Last sign-in`, value: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t`Never` },
        { label: t`Created`, value: formatDateTime(user.createdAt) },
      ]}
    />
  );
}

function UserCommandDialog({ command, user, onClose }: { command: UserCommand; user: AdminUserDto; onClose: () => void }) {
  const { t } = useLingui();
  const run = useUserCommand();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const text = commandConfirmation(command, user);
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      destructive={text.destructive}
      pending={run.isPending}
      onConfirm={() => {
        setProblem(null);
        run.mutate(
          { command, id: user.id },
          {
            onSuccess: () => {
              const done = text.confirm;
              toast.success(t`${done}: done`, { description: user.name });
              // The transfer changes my own roles too.
              if (command === 'transfer') void queryClient.invalidateQueries({ queryKey: meQueryKey });
              onClose();
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    />
  );
}
