import type { CollectionDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { shipmentCount } from '../lib/collection-actions';
import { COLLECTION_SOURCE_NAMES, CollectionStatusBadge } from './collection-columns';

const dash = (text: string | null | undefined): ReactNode => (text ? text : '—');

/** View: every field of the hand-over, then its shipments (each opens its page) and the cash of each. */
export function CollectionViewModal({ collection: c, onClose }: { collection: CollectionDto; onClose: () => void }) {
  const { t } = useLingui();
  const fields: { label: string; value: ReactNode }[] = [
    { label: t`Handed over by`, value: c.collectedFromName },
    { label: t`Source`, value: i18n._(COLLECTION_SOURCE_NAMES[c.source]) },
    { label: t`Amount`, value: formatMoney(c.amountInCents) },
    { label: t`Status`, value: <CollectionStatusBadge status={c.status} /> },
    { label: t`Location`, value: dash(c.locationName) },
    { label: t`Received by`, value: dash(c.receivedByName) },
    { label: t`Recorded`, value: formatDateTime(c.createdAt) },
    { label: t`Recorded by`, value: dash(c.createdByName) },
    ...(c.completedAt ? [{ label: t`Completed`, value: formatDateTime(c.completedAt) }] : []),
    ...(c.cancelledAt ? [{ label: t`Cancelled`, value: formatDateTime(c.cancelledAt) }] : []),
    { label: t`Last changed`, value: formatDateTime(c.updatedAt) },
    { label: t`Remarks`, value: <span className="whitespace-pre-line">{dash(c.remarks)}</span> },
  ];
  return (
    <ViewModal open onOpenChange={(open) => (open ? undefined : onClose())} title={t`Collection from ${c.collectedFromName}`} size="lg" fields={fields}>
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{shipmentCount(c.shipments.length)}</h3>
      <ul aria-label={t`Shipments in this collection`} className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
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
