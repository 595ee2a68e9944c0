import type { CourierDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { COURIER_CATEGORY_NAMES, COURIER_TYPE_NAMES } from '../lib/courier-labels';

const column = dataColumnHelper<CourierDto>();

export const contactText = (c: Pick<CourierDto, 'contactName' | 'contactNumber' | 'contactEmail'>) =>
  [c.contactName, c.contactNumber, c.contactEmail].filter(Boolean).join(' · ') || '—';

/** "Active" or "Inactive", in the reader's language. */
export const courierStatusText = (active: boolean) => (active ? t`Active` : t`Inactive`);

/** The couriers table: name and code, type, category, contact, active or not. */
export const COURIER_COLUMNS: DataColumn<CourierDto>[] = [
  column.accessor('name', {
    header: () => t`Name`,
    cell: ({ row }) => (
      <div className="min-w-[10rem]">
        <p className="font-medium text-slate-900">{row.original.name}</p>
        {row.original.code ? <p className="font-mono text-xs text-slate-500">{row.original.code}</p> : null}
      </div>
    ),
  }),
  column.display({ id: 'type', header: () => t`Type`, cell: ({ row }) => i18n._(COURIER_TYPE_NAMES[row.original.type]) }),
  column.display({ id: 'category', header: () => t`Category`, cell: ({ row }) => i18n._(COURIER_CATEGORY_NAMES[row.original.category]) }),
  column.display({ id: 'contact', header: () => t`Contact`, cell: ({ row }) => <span className="text-sm text-slate-700">{contactText(row.original)}</span> }),
  column.display({
    id: 'status',
    header: () => t`Status`,
    cell: ({ row }) =>
      row.original.isActive ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">{courierStatusText(true)}</span>
      ) : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{courierStatusText(false)}</span>
      ),
  }),
];
