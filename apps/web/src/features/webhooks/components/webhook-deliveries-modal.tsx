import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryDto, type WebhookDeliveryStatus, type WebhookEndpointDto } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useReplayFailedWebhookDeliveries, useReplayWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';
import { endpointName, WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_NAMES } from '../lib/webhook-labels';

const STATUS_CLASSES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  succeeded: 'bg-emerald-50 text-emerald-900',
  failed: 'bg-red-50 text-red-900',
};

/**
 * An endpoint's deliveries, newest first (status filter, pages of 20), each with its attempts: when, the
 * receiver's status code (or why none came), latency and the first bytes of its answer. Those who manage
 * the endpoint replay a failed delivery, or every failed one at once.
 */
export function WebhookDeliveriesModal({ endpoint, manages, onClose }: { endpoint: WebhookEndpointDto; manages: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useWebhookDeliveries(endpoint.id, status, page);
  const replayAll = useReplayFailedWebhookDeliveries();
  const [problem, setProblem] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  const totalPages = list.data?.totalPages ?? 1;

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Deliveries`}
      description={`${endpointName(endpoint)} — ${endpoint.url}`}
      size="lg"
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <fieldset aria-label={t`Show`} className="flex flex-wrap gap-1">
            {[undefined, ...WEBHOOK_DELIVERY_STATUSES].map((s) => (
              <Button
                key={s ?? 'all'}
                size="sm"
                variant={status === s ? 'primary' : 'secondary'}
                aria-pressed={status === s}
                onClick={() => {
                  setStatus(s);
                  setPage(1);
                }}
              >
                {s ? i18n._(WEBHOOK_DELIVERY_STATUS_LABELS[s]) : t`All`}
              </Button>
            ))}
          </fieldset>
          {manages ? (
            <Button
              size="sm"
              variant="secondary"
              loading={replayAll.isPending}
              disabled={endpoint.failedDeliveries === 0}
              onClick={() => {
                setProblem(null);
                replayAll.mutate(endpoint.id, {
                  onSuccess: (r) =>
                    toast.success(t`Failed deliveries replayed`, {
                      description: t`${plural(r.replayed, { one: '# delivery is sent again', other: '# deliveries are sent again' })}`,
                    }),
                  onError: (error) => setProblem(errorMessage(error)),
                });
              }}
            >
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              <Trans>Replay all failed</Trans>
            </Button>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        {list.isPending ? (
          <p className="text-sm text-slate-500">
            <Trans>Loading deliveries…</Trans>
          </p>
        ) : null}
        {list.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(list.error)}
          </p>
        ) : null}
        {list.isSuccess && rows.length === 0 ? (
          <p className="text-sm text-slate-500">
            <Trans>No deliveries yet.</Trans>
          </p>
        ) : null}
        <ul className="flex flex-col gap-3" aria-label={t`Deliveries`}>
          {rows.map((d) => (
            <DeliveryItem key={d.id} endpointId={endpoint.id} delivery={d} manages={manages} onProblem={setProblem} />
          ))}
        </ul>
        {list.data && list.data.totalPages > 1 ? (
          <div className="flex items-center justify-end gap-2 text-sm text-slate-600">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <Trans>Previous</Trans>
            </Button>
            <span>
              <Trans>
                Page {page} of {totalPages}
              </Trans>
            </span>
            <Button size="sm" variant="secondary" disabled={page >= list.data.totalPages} onClick={() => setPage(page + 1)}>
              <Trans>Next</Trans>
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

function DeliveryItem({
  endpointId,
  delivery: d,
  manages,
  onProblem,
}: {
  endpointId: string;
  delivery: WebhookDeliveryDto;
  manages: boolean;
  onProblem: (line: string | null) => void;
}) {
  const { t, i18n } = useLingui();
  const replay = useReplayWebhookDelivery();
  const nextTry = d.status === 'pending' && d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : null;
  const tracking = d.trackingNumber;
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2" aria-label={`${d.eventType} ${d.trackingNumber ?? ''}`.trim()}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="text-sm font-medium text-slate-900">
            {i18n._(WEBHOOK_EVENT_NAMES[d.eventType])} <code className="font-mono text-xs text-slate-500">{d.eventType}</code>
          </span>
          <span className="text-xs text-slate-500">
            {d.trackingNumber ? `${d.trackingNumber} · ` : ''}
            {formatDateTime(d.createdAt)}
            {nextTry ? ` · ${t`next try ${nextTry}`}` : ''}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[d.status])}>
            {i18n._(WEBHOOK_DELIVERY_STATUS_LABELS[d.status])}
          </span>
          {manages && d.status === 'failed' ? (
            <Button
              size="sm"
              variant="secondary"
              loading={replay.isPending}
              onClick={() => {
                onProblem(null);
                replay.mutate(
                  { endpointId, deliveryId: d.id },
                  {
                    onSuccess: () => toast.success(t`Delivery replayed`, { description: tracking ? t`${d.eventType} for ${tracking}` : d.eventType }),
                    onError: (error) => onProblem(errorMessage(error)),
                  },
                );
              }}
            >
              <Trans>Replay</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      {d.attemptLog.length ? (
        <table className="mt-2 w-full text-left text-xs">
          <caption className="sr-only">
            <Trans>Attempts</Trans>
          </caption>
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 pr-2 font-medium">
                <Trans>Time</Trans>
              </th>
              <th className="py-1 pr-2 font-medium">
                <Trans>Status</Trans>
              </th>
              <th className="py-1 pr-2 font-medium">
                <Trans>Latency</Trans>
              </th>
              <th className="py-1 font-medium">
                <Trans>Answer</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {d.attemptLog.map((a) => (
              <tr key={a.at} className="border-t border-slate-100 align-top">
                <td className="py-1 pr-2 whitespace-nowrap">{formatDateTime(a.at)}</td>
                <td className={cn('py-1 pr-2 whitespace-nowrap', a.statusCode !== null && a.statusCode < 300 ? 'text-emerald-800' : 'text-red-700')}>
                  {a.statusCode ?? a.error ?? t`No answer`}
                </td>
                <td className="py-1 pr-2 whitespace-nowrap">{`${a.latencyMs} ms`}</td>
                <td className="py-1">
                  <code className="line-clamp-2 font-mono break-all text-slate-700">
                    {a.responseExcerpt?.slice(0, 200) || (a.statusCode !== null ? '' : (a.error ?? ''))}
                  </code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-1 text-xs text-slate-500">
          <Trans>Not tried yet.</Trans>
        </p>
      )}
    </li>
  );
}
