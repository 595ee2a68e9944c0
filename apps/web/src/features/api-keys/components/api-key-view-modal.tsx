import { API_KEY_SCOPE_LABELS, type ApiKeyDto } from '@hatid/domain';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import { API_KEY_SOURCE_LABELS, keyPrefixText, revokedWhy } from '../lib/api-key-actions';
import { ApiKeyStatusBadge } from './api-key-columns';

const dateOr = (value: string | null, none: string): ReactNode => (value ? formatDateTime(value) : none);

/** View: every field of the key (never the key itself, which is shown once when it is made). */
export function ApiKeyViewModal({ apiKey: k, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const fields: { label: string; value: ReactNode }[] = [
    { label: 'Name', value: k.name },
    { label: 'Key', value: <code className="font-mono">{keyPrefixText(k)}</code> },
    { label: 'Status', value: <ApiKeyStatusBadge status={k.status} /> },
    { label: 'Bookings marked', value: API_KEY_SOURCE_LABELS[k.source] },
    { label: 'Business', value: k.businessName ?? '—' },
    { label: 'Made by', value: k.userName },
    { label: 'Created', value: formatDateTime(k.createdAt) },
    { label: 'Last used', value: dateOr(k.lastUsedAt, 'Never') },
    { label: 'Expires', value: dateOr(k.expiresAt, 'Never') },
    ...(k.revokedAt ? [{ label: 'Revoked', value: formatDateTime(k.revokedAt) }] : []),
    ...(k.revokedReason ? [{ label: 'Why revoked', value: revokedWhy(k) }] : []),
  ];
  return (
    <ViewModal open onOpenChange={(open) => (open ? undefined : onClose())} title={`API key “${k.name}”`} size="lg" fields={fields}>
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Scopes</h3>
      <ul aria-label="What this key may do" className="mt-2 flex flex-col gap-1 text-sm text-slate-900">
        {k.scopes.map((scope) => (
          <li key={scope}>
            {API_KEY_SCOPE_LABELS[scope]} <code className="font-mono text-xs text-slate-500">({scope})</code>
          </li>
        ))}
      </ul>
    </ViewModal>
  );
}
