import type { PartnerDto } from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatMobileNumber } from '../../../lib/format';

const column = dataColumnHelper<PartnerDto>();
const count = (n: number) => n.toLocaleString('en-PH');

export const PARTNER_STATUS_LABELS: Record<PartnerDto['status'], string> = { ACTIVE: 'Active', INACTIVE: 'Inactive', INVITED: 'Invited' };

export const PARTNER_COLUMNS: DataColumn<PartnerDto>[] = [
  column.accessor('name', {
    header: 'Partner',
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link to="/partners/$partnerId" params={{ partnerId: row.original.id }} className="font-medium text-teal-800 underline-offset-4 hover:underline">
          {row.original.name}
        </Link>
        <p className="text-xs text-slate-500">
          {[row.original.email, row.original.mobileNumber ? formatMobileNumber(row.original.mobileNumber) : null].filter(Boolean).join(' · ') || '—'}
        </p>
      </div>
    ),
  }),
  column.display({
    id: 'provinces',
    header: 'Provinces',
    cell: ({ row }) =>
      row.original.provinces.length > 0 ? row.original.provinces.map((p) => p.name).join(', ') : <span className="text-slate-400">None</span>,
  }),
  column.display({
    id: 'shipments',
    header: 'Shipments',
    cell: ({ row }) => {
      const s = row.original.shipments;
      return (
        <div className="whitespace-nowrap tabular-nums">
          <p className="font-medium text-slate-900">{count(s.total)} total</p>
          <p className="text-xs text-slate-500">
            {count(s.active)} active · {count(s.delivered)} delivered · {count(s.cancelled)} cancelled
          </p>
        </div>
      );
    },
  }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => PARTNER_STATUS_LABELS[getValue() as PartnerDto['status']] }),
];
