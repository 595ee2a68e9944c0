import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { MessageSquare, Phone } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import { DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';
import { isInHand, type RiderTask } from '../lib/tasks';

/** One stop: who, where, how to reach them, the cash to collect, and the way into its next steps. */
export function TaskCard({ task }: { task: RiderTask }) {
  const { t, i18n } = useLingui();
  const { shipment, party, leg } = task;
  const name = party.name;
  const cash = formatMoney(task.cashDueInCents);
  const waiting = task.waiting;
  return (
    <li className="rounded-xl border-2 border-slate-900 bg-white" data-testid={`task-${shipment.trackingNumber}`}>
      <Link
        to="/rider/shipments/$trackingNumber"
        params={{ trackingNumber: shipment.trackingNumber }}
        className="block p-3 focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none"
      >
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-mono text-lg font-bold">{shipment.trackingNumber}</span>
          <span className="rounded-full bg-slate-900 px-3 py-1 text-sm font-semibold text-white">{i18n._(DELIVERY_STATUS_LABELS[task.deliveryStatus])}</span>
        </p>
        {isInHand(task) ? (
          <p className="mt-1 text-base font-semibold text-teal-800">
            <Trans>Picked up from the sender: bring it to the origin hub</Trans>
          </p>
        ) : null}
        <p className="mt-1 text-lg font-semibold">{party.name}</p>
        <p className="text-base">
          {party.streetName}, {party.barangayName}, {party.cityLabel}
        </p>
        {task.cashDueInCents > 0 ? (
          <p className="mt-2 inline-block rounded-lg bg-yellow-300 px-3 py-1 text-lg font-bold">
            <Trans>Collect {cash}</Trans>
          </p>
        ) : null}
        {waiting > 0 ? (
          <p className="mt-1 text-sm font-semibold text-amber-900">
            <Plural value={waiting} one="# update waiting to send" other="# updates waiting to send" />
          </p>
        ) : null}
      </Link>
      <div className="grid grid-cols-2 border-t-2 border-slate-900">
        <a
          href={`tel:${party.mobileNumber}`}
          className="flex min-h-14 items-center justify-center gap-2 px-2 text-center text-lg font-semibold"
          aria-label={leg === 'pickup' ? t`Call ${name} (sender)` : t`Call ${name} (recipient)`}
        >
          <Phone className="h-5 w-5 shrink-0" aria-hidden="true" /> <Trans>Call</Trans>
        </a>
        <a
          href={`sms:${party.mobileNumber}`}
          className="flex min-h-14 items-center justify-center gap-2 border-l-2 border-slate-900 px-2 text-center text-lg font-semibold"
          aria-label={leg === 'pickup' ? t`Text ${name} (sender)` : t`Text ${name} (recipient)`}
        >
          <MessageSquare className="h-5 w-5 shrink-0" aria-hidden="true" /> <Trans>SMS</Trans>
        </a>
      </div>
    </li>
  );
}
