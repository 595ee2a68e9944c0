import { formatDateTime } from '@hatid/domain';
import { Camera, Coins, Route, X } from 'lucide-react';
import type { OutboxItem } from '../lib/outbox';
import { riderOutbox } from '../lib/rider-outbox';

const LABEL = { move: Route, photo: Camera, cash: Coins } as const;

function describe(item: OutboxItem): string {
  if (item.kind === 'move') return item.move?.activity ?? 'Status update';
  if (item.kind === 'photo') return `${item.photo?.type === 'delivery' ? 'Delivery' : 'Pickup'} photo`;
  return `Cash ₱${((item.cash?.amountInCents ?? 0) / 100).toFixed(2)}`;
}

/** What is still on the phone: each action with its shipment and the time it was done; refused ones say why. */
export function OutboxPanel({ items }: { items: readonly OutboxItem[] }) {
  if (items.length === 0) return null;
  const waiting = items.filter((item) => item.state === 'waiting').length;
  return (
    <section aria-labelledby="outbox-title" className="rounded-xl border-2 border-yellow-500 bg-yellow-50 p-3">
      <h2 id="outbox-title" className="text-lg font-bold" data-testid="outbox-count">
        {waiting > 0 ? `${waiting} waiting to send` : 'Not sent'}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {items.map((item) => {
          const Icon = LABEL[item.kind];
          return (
            <li key={item.id} className={`flex items-start gap-2 rounded-lg bg-white p-2 ${item.state === 'refused' ? 'border-2 border-red-700' : ''}`}>
              <Icon className="mt-1 h-5 w-5 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {describe(item)} · {item.trackingNumber}
                </p>
                <p className="text-sm text-slate-700">Done {formatDateTime(item.at)}</p>
                {item.state === 'refused' ? <p className="text-sm font-semibold text-red-800">Not accepted: {item.error}</p> : null}
              </div>
              {item.state === 'refused' ? (
                <button
                  type="button"
                  onClick={() => void riderOutbox().dismiss(item.id)}
                  className="flex h-11 w-11 items-center justify-center rounded-lg border border-slate-400"
                  aria-label={`Dismiss ${describe(item)} of ${item.trackingNumber}`}
                >
                  <X className="h-5 w-5" aria-hidden="true" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
