import { COURIER_CATEGORY_LABELS, COURIER_TYPE_LABELS, type CourierDto } from '@hatid/domain';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';

const column = dataColumnHelper<CourierDto>();

export const contactText = (c: Pick<CourierDto, 'contactName' | 'contactNumber' | 'contactEmail'>) =>
  [c.contactName, c.contactNumber, c.contactEmail].filter(Boolean).join(' · ') || '—';

/** The couriers table: name and code, type, category, contact, active or not. */
export const COURIER_COLUMNS: DataColumn<CourierDto>[] = [
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <div className="min-w-[10rem]">
        <p className="font-medium text-slate-900">{row.original.name}</p>
        {row.original.code ? <p className="font-mono text-xs text-slate-500">{row.original.code}</p> : null}
      </div>
    ),
  }),
  column.display({ id: 'type', header: 'Type', cell: ({ row }) => COURIER_TYPE_LABELS[row.original.type] }),
  column.display({ id: 'category', header: 'Category', cell: ({ row }) => COURIER_CATEGORY_LABELS[row.original.category] }),
  column.display({ id: 'contact', header: 'Contact', cell: ({ row }) => <span className="text-sm text-slate-700">{contactText(row.original)}</span> }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.isActive ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">Active</span>
      ) : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Inactive</span>
      ),
  }),
];
