import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Camera, Coins, Route, X } from 'lucide-react';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { activityLabel } from '../lib/labels';
import type { OutboxItem } from '../lib/outbox';
import { riderOutbox } from '../lib/rider-outbox';

const LABEL = { move: Route, photo: Camera, cash: Coins } as const;

function describe(i18n: I18n, item: OutboxItem): string {
  if (item.kind === 'move') return item.move ? activityLabel(i18n, item.move.activity) : i18n._(msg`Status update`);
  if (item.kind === 'photo') return i18n._(item.photo?.type === 'delivery' ? msg`Delivery photo` : msg`Pickup photo`);
  const amount = formatMoney(item.cash?.amountInCents ?? 0);
  return i18n._(msg`Cash ${amount}`);
}

/** What is still on the phone: each action with its shipment and the time it was done; refused ones say why. */
export function OutboxPanel({ items }: { items: readonly OutboxItem[] }) {
  const { t, i18n } = useLingui();
  if (items.length === 0) return null;
  const waiting = items.filter((item) => item.state === 'waiting').length;
  return (
    <section aria-labelledby="outbox-title" className="rounded-xl border-2 border-yellow-500 bg-yellow-50 p-3">
      <h2 id="outbox-title" className="text-lg font-bold" data-testid="outbox-count">
        {waiting > 0 ? t`${waiting} waiting to send` : t`Not sent`}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {items.map((item) => {
          const Icon = LABEL[item.kind];
          const what = describe(i18n, item);
          const trackingNumber = item.trackingNumber;
          const at = formatDateTime(item.at);
          const error = item.error;
          return (
            <li key={item.id} className={`flex items-start gap-2 rounded-lg bg-white p-2 ${item.state === 'refused' ? 'border-2 border-red-700' : ''}`}>
              <Icon className="mt-1 h-5 w-5 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">
                  {what} · {trackingNumber}
                </p>
                <p className="text-sm text-slate-700">
                  <Trans>Done {at}</Trans>
                </p>
                {item.state === 'refused' ? (
                  <p className="text-sm font-semibold text-red-800">
                    <Trans>Not accepted: {error}</Trans>
                  </p>
                ) : null}
              </div>
              {item.state === 'refused' ? (
                <button
                  type="button"
                  onClick={() => void riderOutbox().dismiss(item.id)}
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-400"
                  aria-label={t`Dismiss ${what} of ${trackingNumber}`}
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
