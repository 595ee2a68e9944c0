import { ROLE_NAME_LABELS, type AdminUserDto } from '@hatid/domain';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime, formatMobileNumber } from '../../../lib/format';
import { cn } from '../../../lib/utils';

const column = dataColumnHelper<AdminUserDto>();

const STATUS_CLASSES: Record<AdminUserDto['status'], string> = {
  ACTIVE: 'bg-emerald-50 text-emerald-800',
  INACTIVE: 'bg-slate-100 text-slate-700',
  INVITED: 'bg-amber-50 text-amber-800',
};
export const STATUS_LABELS: Record<AdminUserDto['status'], string> = { ACTIVE: 'Active', INACTIVE: 'Inactive', INVITED: 'Invited' };

export const rolesText = (user: Pick<AdminUserDto, 'roles'>): string => user.roles.map((role) => ROLE_NAME_LABELS[role.name]).join(', ') || '—';

const isRider = (user: Pick<AdminUserDto, 'roles'>) => user.roles.some((role) => role.name === 'rider');

/** A rider's cities by name ("Makati City, Taguig"), or what it means to have none. */
export const serviceAreasText = (user: Pick<AdminUserDto, 'serviceAreas'>): string =>
  user.serviceAreas.map((area) => area.name).join(', ') || 'None: offered for no shipment until set';

export const USER_COLUMNS: DataColumn<AdminUserDto>[] = [
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{row.original.name}</p>
        {row.original.isEmployee ? <p className="text-xs text-slate-500">Employee</p> : null}
      </div>
    ),
  }),
  column.accessor('email', {
    header: 'Contact',
    cell: ({ row }) => (
      <div className="text-slate-700">
        <p>{row.original.email ?? '—'}</p>
        {row.original.mobileNumber ? <p className="text-xs text-slate-500">{formatMobileNumber(row.original.mobileNumber)}</p> : null}
      </div>
    ),
  }),
  column.display({
    id: 'roles',
    header: 'Roles',
    cell: ({ row }) => (
      <div className="min-w-0">
        <p>{rolesText(row.original)}</p>
        {isRider(row.original) ? <p className="text-xs text-slate-500">Serves: {serviceAreasText(row.original)}</p> : null}
      </div>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => {
      const status = getValue() as AdminUserDto['status'];
      return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>{STATUS_LABELS[status]}</span>;
    },
  }),
  column.accessor('lastLoginAt', {
    header: 'Last sign-in',
    cell: ({ getValue }) => {
      const value = getValue() as string | null;
      return value ? formatDateTime(value) : 'Never';
    },
  }),
];
