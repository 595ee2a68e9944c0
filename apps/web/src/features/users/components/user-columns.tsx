import type { AdminUserDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime, formatMobileNumber } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { ROLE_NAMES_SHOWN, USER_STATUS_NAMES } from '../lib/user-labels';

const column = dataColumnHelper<AdminUserDto>();

const STATUS_CLASSES: Record<AdminUserDto['status'], string> = {
  ACTIVE: 'bg-emerald-50 text-emerald-800',
  INACTIVE: 'bg-slate-100 text-slate-700',
  INVITED: 'bg-amber-50 text-amber-800',
};
/** An account's status in the reader's language. */
export const statusText = (status: AdminUserDto['status']): string => i18n._(USER_STATUS_NAMES[status]);

/** "Staff, Rider": the account's roles in the reader's language (a role the table does not know shows as stored). */
export const rolesText = (user: Pick<AdminUserDto, 'roles'>): string =>
  user.roles.map((role) => (ROLE_NAMES_SHOWN[role.name] ? i18n._(ROLE_NAMES_SHOWN[role.name]) : role.name)).join(', ') || '—';

const isRider = (user: Pick<AdminUserDto, 'roles'>) => user.roles.some((role) => role.name === 'rider');

/** A rider's cities by name ("Makati City, Taguig"), or what it means to have none. */
export const serviceAreasText = (user: Pick<AdminUserDto, 'serviceAreas'>): string =>
  user.serviceAreas.map((area) => area.name).join(', ') || t`None: offered for no shipment until set`;

export const USER_COLUMNS: DataColumn<AdminUserDto>[] = [
  column.accessor('name', {
    header: () => t`Name`,
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{row.original.name}</p>
        {row.original.isEmployee ? <p className="text-xs text-slate-500">{t`Employee`}</p> : null}
      </div>
    ),
  }),
  column.accessor('email', {
    header: () => t`Contact`,
    cell: ({ row }) => (
      <div className="text-slate-700">
        <p>{row.original.email ?? '—'}</p>
        {row.original.mobileNumber ? <p className="text-xs text-slate-500">{formatMobileNumber(row.original.mobileNumber)}</p> : null}
      </div>
    ),
  }),
  column.display({
    id: 'roles',
    header: () => t`Roles`,
    cell: ({ row }) => (
      <div className="min-w-0">
        <p>{rolesText(row.original)}</p>
        {isRider(row.original) ? <p className="text-xs text-slate-500">{t`Serves: ${serviceAreasText(row.original)}`}</p> : null}
      </div>
    ),
  }),
  column.accessor('status', {
    header: () => t`Status`,
    cell: ({ getValue }) => {
      const status = getValue() as AdminUserDto['status'];
      return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>{statusText(status)}</span>;
    },
  }),
  column.accessor('lastLoginAt', {
    header: () => t`Last sign-in`,
    cell: ({ getValue }) => {
      const value = getValue() as string | null;
      return value ? formatDateTime(value) : t`Never`;
    },
  }),
];
