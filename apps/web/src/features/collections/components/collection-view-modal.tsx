import { COLLECTION_SOURCE_LABELS, type CollectionDto } from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { shipmentCount } from '../lib/collection-actions';
import { CollectionStatusBadge } from './collection-columns';

const dash = (text: string | null | undefined): ReactNode => (text ? text : '—');

/** View: every field of the hand-over, then its shipments (each opens its page) and the cash of each. */
export function CollectionViewModal({ collection: c, onClose }: { collection: CollectionDto; onClose: () => void }) {
  const fields: { label: string; value: ReactNode }[] = [
    { label: 'Handed over by', value: c.collectedFromName },
    { label: 'Source', value: COLLECTION_SOURCE_LABELS[c.source] },
    { label: 'Amount', value: formatMoney(c.amountInCents) },
    { label: 'Status', value: <CollectionStatusBadge status={c.status} /> },
    { label: 'Location', value: dash(c.locationName) },
    { label: 'Received by', value: dash(c.receivedByName) },
    { label: 'Recorded', value: formatDateTime(c.createdAt) },
    { label: 'Recorded by', value: dash(c.createdByName) },
    ...(c.completedAt ? [{ label: 'Completed', value: formatDateTime(c.completedAt) }] : []),
    ...(c.cancelledAt ? [{ label: 'Cancelled', value: formatDateTime(c.cancelledAt) }] : []),
    { label: 'Last changed', value: formatDateTime(c.updatedAt) },
    { label: 'Remarks', value: <span className="whitespace-pre-line">{dash(c.remarks)}</span> },
  ];
  return (
    <ViewModal open onOpenChange={(open) => (open ? undefined : onClose())} title={`Collection from ${c.collectedFromName}`} size="lg" fields={fields}>
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{shipmentCount(c.shipments.length)}</h3>
      <ul aria-label="Shipments in this collection" className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {c.shipments.map((s) => (
          <li key={s.shipmentId} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <Link
              to="/shipments/$trackingNumber"
              params={{ trackingNumber: s.trackingNumber }}
              className="font-mono font-medium text-teal-800 underline-offset-4 hover:underline"
            >
              {s.trackingNumber}
            </Link>
            <span className="font-medium text-slate-900 tabular-nums">{formatMoney(s.amountInCents)}</span>
          </li>
        ))}
      </ul>
    </ViewModal>
  );
}
