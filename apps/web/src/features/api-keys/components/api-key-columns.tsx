import type { ApiKeyDto, ApiKeyStatus } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import {
  API_KEY_REVOKED_REASON_LABELS,
  API_KEY_SCOPE_NAMES,
  API_KEY_SOURCE_LABELS,
  API_KEY_STATUS_LABELS,
  keyPrefixText,
  revokedWhy,
} from '../lib/api-key-actions';

const column = dataColumnHelper<ApiKeyDto>();

const STATUS_CLASSES: Record<ApiKeyStatus, string> = {
  active: 'bg-emerald-50 text-emerald-900',
  expired: 'bg-amber-50 text-amber-900',
  revoked: 'bg-slate-100 text-slate-700',
};

export function ApiKeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>
      {i18n._(API_KEY_STATUS_LABELS[status])}
    </span>
  );
}

/** The scopes as their codes (what an integration reads in a 403), each with its plain label on hover. */
export function ScopeList({ scopes }: { scopes: ApiKeyDto['scopes'] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t`Scopes`}>
      {scopes.map((scope) => (
        <li
          key={scope}
          title={i18n._(API_KEY_SCOPE_NAMES[scope])}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-800"
        >
          {scope}
        </li>
      ))}
    </ul>
  );
}

const muted = (text: string) => <span className="text-slate-500">{text}</span>;
const when = (value: string | null, none: string = t`Never`) => (value ? <span className="block min-w-28">{formatDateTime(value)}</span> : muted(none));

const madeBy = (maker: string) => t`by ${maker}`;

/**
 * The keys table: name (and where its bookings come from when not the business's own system), the prefix
 * that tells it apart, scopes, status (a revoked key's with why: by hand, or its maker left, was deactivated or
 * lost the admin role), who made it (admins: the business too, as they see every key), last
 * use, expiry and when it was made. Manila time throughout.
 */
export function apiKeyColumns(everyKey: boolean): DataColumn<ApiKeyDto>[] {
  return [
    column.display({
      id: 'name',
      header: () => t`Name`,
      cell: ({ row }) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-medium text-slate-900">{row.original.name}</span>
          {row.original.source !== 'external' ? <span className="text-xs text-slate-500">{i18n._(API_KEY_SOURCE_LABELS[row.original.source])}</span> : null}
        </span>
      ),
    }),
    column.display({
      id: 'prefix',
      header: () => t`Key`,
      cell: ({ row }) => <code className="font-mono text-xs whitespace-nowrap text-slate-800">{keyPrefixText(row.original)}</code>,
    }),
    column.display({ id: 'scopes', header: () => t`Scopes`, cell: ({ row }) => <ScopeList scopes={row.original.scopes} /> }),
    column.display({
      id: 'status',
      header: () => t`Status`,
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5">
          <ApiKeyStatusBadge status={row.original.status} />
          {row.original.revokedReason ? (
            <span className="text-xs text-slate-500" title={revokedWhy(row.original) ?? undefined}>
              {i18n._(API_KEY_REVOKED_REASON_LABELS[row.original.revokedReason])}
            </span>
          ) : null}
        </span>
      ),
    }),
    everyKey
      ? column.display({
          id: 'business',
          header: () => t`Business`,
          cell: ({ row }) => (
            <span className="flex flex-col gap-0.5">
              <span className="text-slate-900">{row.original.businessName ?? '—'}</span>
              <span className="text-xs text-slate-500">{madeBy(row.original.userName)}</span>
            </span>
          ),
        })
      : column.display({ id: 'maker', header: () => t`Made by`, cell: ({ row }) => row.original.userName }),
    column.display({ id: 'lastUsed', header: () => t`Last used`, cell: ({ row }) => when(row.original.lastUsedAt) }),
    column.display({ id: 'expires', header: () => t`Expires`, cell: ({ row }) => when(row.original.expiresAt) }),
    column.display({ id: 'created', header: () => t`Created`, cell: ({ row }) => when(row.original.createdAt, '—') }),
  ];
}
