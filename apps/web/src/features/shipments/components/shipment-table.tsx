import type { ShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { formatDate, formatMoney } from '../../../lib/format';
import { StatusBadge } from './status-badge';

const destination = (s: ShipmentDto) => `${s.receiverAddress.cityLabel}, ${s.receiverAddress.provinceName}`;

/** My shipments: a table on wide screens, a list of cards on phones (same rows, same links). */
export function ShipmentTable({ shipments }: { shipments: readonly ShipmentDto[] }) {
  const { t } = useLingui();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <Trans>My shipments, newest first</Trans>
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                <Trans>Tracking number</Trans>
              </th>
              <th scope="col" className="px-4 py-3">
                <Trans>Receiver</Trans>
              </th>
              <th scope="col" className="px-4 py-3">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="px-4 py-3">
                <Trans>Booked</Trans>
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shipments.map((s) => (
              <tr key={s.id} className="hover:bg-slate-50">
                <td className="px-4 py-3">
                  <Link
                    to="/packages/$trackingNumber"
                    params={{ trackingNumber: s.trackingNumber }}
                    className="font-mono font-medium text-teal-800 underline-offset-4 hover:underline"
                  >
                    {s.trackingNumber}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  <div className="font-medium text-slate-900">{s.receiverAddress.name}</div>
                  <div className="text-slate-600">{destination(s)}</div>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge shipment={s} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(s.createdAt)}</td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900">{formatMoney(s.totalInCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t`My shipments`}>
        {shipments.map((s) => (
          <li key={s.id}>
            <Link
              to="/packages/$trackingNumber"
              params={{ trackingNumber: s.trackingNumber }}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-sm font-semibold break-all text-teal-800">{s.trackingNumber}</span>
                  <StatusBadge shipment={s} />
                </div>
                {/* Wrapped, not cut: on a phone a long receiver's name used to hide the destination entirely. */}
                <span className="text-sm break-words text-slate-800">
                  <Trans>
                    To {s.receiverAddress.name} · {destination(s)}
                  </Trans>
                </span>
                <span className="flex justify-between gap-2 text-xs text-slate-600">
                  <span>{formatDate(s.createdAt)}</span>
                  <span className="font-medium text-slate-900">{formatMoney(s.totalInCents)}</span>
                </span>
              </div>
              <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
