import type { PartnerDto } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatMobileNumber } from '../../../lib/format';

const column = dataColumnHelper<PartnerDto>();
const count = (n: number) => n.toLocaleString('en-PH');

export const PARTNER_STATUS_LABELS: Record<PartnerDto['status'], MessageDescriptor> = { ACTIVE: msg`Active`, INACTIVE: msg`Inactive`, INVITED: msg`Invited` };

export const PARTNER_COLUMNS: DataColumn<PartnerDto>[] = [
  column.accessor('name', {
    header: () => <Trans>Partner</Trans>,
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
    header: () => <Trans>Provinces</Trans>,
    cell: ({ row }) =>
      row.original.provinces.length > 0 ? (
        row.original.provinces.map((p) => p.name).join(', ')
      ) : (
        <span className="text-slate-400">
          <Trans>None</Trans>
        </span>
      ),
  }),
  column.display({
    id: 'shipments',
    header: () => <Trans>Shipments</Trans>,
    cell: ({ row }) => {
      const s = row.original.shipments;
      const [total, active, delivered, cancelled] = [count(s.total), count(s.active), count(s.delivered), count(s.cancelled)];
      return (
        <div className="whitespace-nowrap tabular-nums">
          <p className="font-medium text-slate-900">
            <Trans>{total} total</Trans>
          </p>
          <p className="text-xs text-slate-500">
            <Trans>
              {active} active · {delivered} delivered · {cancelled} cancelled
            </Trans>
          </p>
        </div>
      );
    },
  }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, cell: ({ getValue }) => i18n._(PARTNER_STATUS_LABELS[getValue() as PartnerDto['status']]) }),
];
