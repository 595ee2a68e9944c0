import type { WebhookEndpointDto, WebhookEndpointStatus } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Ban, History, KeyRound, Pencil, Power, Trash2 } from 'lucide-react';
import { ActionMenu } from '../../../components/data-table/action-menu';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { disabledWhy, endpointName, WEBHOOK_STATUS_LABELS } from '../lib/webhook-labels';

const column = dataColumnHelper<WebhookEndpointDto>();

const STATUS_CLASSES: Record<WebhookEndpointStatus, string> = {
  active: 'bg-emerald-50 text-emerald-900',
  disabled: 'bg-slate-100 text-slate-700',
};

export function WebhookStatusBadge({ status }: { status: WebhookEndpointStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>
      {i18n._(WEBHOOK_STATUS_LABELS[status])}
    </span>
  );
}

const failingSince = (at: string) => {
  const when = formatDateTime(at);
  return t`Failing since ${when}`;
};

/**
 * The endpoints table: URL (and description), events, status (an endpoint switched off says why; one failing
 * says since when), deliveries waiting and failed, and when it was added. Staff and admins see the business.
 */
export function webhookColumns(everyBusiness: boolean): DataColumn<WebhookEndpointDto>[] {
  return [
    column.display({
      id: 'url',
      header: () => t`Endpoint`,
      cell: ({ row }) => (
        <span className="flex flex-col gap-0.5">
          <code className="font-mono text-xs break-all text-slate-900">{row.original.url}</code>
          {row.original.description ? <span className="text-xs text-slate-500">{row.original.description}</span> : null}
        </span>
      ),
    }),
    column.display({
      id: 'events',
      header: () => t`Events`,
      cell: ({ row }) => (
        <ul className="flex flex-wrap gap-1" aria-label={t`Events`}>
          {row.original.events.map((type) => (
            <li key={type} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-800">
              {type}
            </li>
          ))}
        </ul>
      ),
    }),
    column.display({
      id: 'status',
      header: () => t`Status`,
      cell: ({ row }) => {
        const why = disabledWhy(row.original);
        return (
          <span className="flex flex-col items-start gap-0.5">
            <WebhookStatusBadge status={row.original.status} />
            {why ? <span className="text-xs text-slate-500">{why}</span> : null}
            {!why && row.original.failingSince ? <span className="text-xs text-amber-800">{failingSince(row.original.failingSince)}</span> : null}
          </span>
        );
      },
    }),
    ...(everyBusiness ? [column.display({ id: 'business', header: () => t`Business`, cell: ({ row }) => row.original.businessName ?? '—' })] : []),
    column.display({
      id: 'deliveries',
      header: () => t`Deliveries`,
      cell: ({ row }) => {
        const { pendingDeliveries: waiting, failedDeliveries: failed } = row.original;
        return (
          <span className="flex flex-col text-xs whitespace-nowrap">
            <span>{t`${waiting} waiting`}</span>
            <span className={failed ? 'font-medium text-red-700' : 'text-slate-500'}>{t`${failed} failed`}</span>
          </span>
        );
      },
    }),
    column.display({
      id: 'created',
      header: () => t`Added`,
      cell: ({ row }) => <span className="block min-w-28">{formatDateTime(row.original.createdAt)}</span>,
    }),
  ];
}

export type WebhookMenuKey = 'deliveries' | 'edit' | 'toggle' | 'rotate' | 'delete';

/** An endpoint's "⋯" menu: Deliveries for whoever sees it; Edit, switch off/on, Rotate secret and Delete for those who manage it. */
export function WebhookRowMenu({ endpoint, manages, onSelect }: { endpoint: WebhookEndpointDto; manages: boolean; onSelect: (key: WebhookMenuKey) => void }) {
  const off = endpoint.status === 'disabled';
  const name = endpointName(endpoint);
  const items = [
    { key: 'deliveries' as const, label: t`Deliveries`, icon: History },
    ...(manages
      ? [
          { key: 'edit' as const, label: t`Edit`, icon: Pencil, separatorBefore: true },
          { key: 'toggle' as const, label: off ? t`Switch on` : t`Switch off`, icon: off ? Power : Ban },
          { key: 'rotate' as const, label: t`Rotate secret`, icon: KeyRound },
          { key: 'delete' as const, label: t`Delete`, icon: Trash2, destructive: true },
        ]
      : []),
  ];
  return <ActionMenu label={t`Webhook endpoint ${name}`} items={items.map((item) => ({ ...item, onSelect: () => onSelect(item.key) }))} />;
}
