import type { ApiKeyDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import { API_KEY_SCOPE_NAMES, API_KEY_SOURCE_LABELS, keyPrefixText, revokedWhy } from '../lib/api-key-actions';
import { ApiKeyStatusBadge } from './api-key-columns';

const dateOr = (value: string | null, none: string): ReactNode => (value ? formatDateTime(value) : none);

/** View: every field of the key (never the key itself, which is shown once when it is made). */
export function ApiKeyViewModal({ apiKey: k, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const never = t`Never`;
  const fields: { label: string; value: ReactNode }[] = [
    { label: t`Name`, value: k.name },
    { label: t`Key`, value: <code className="font-mono">{keyPrefixText(k)}</code> },
    { label: t`Status`, value: <ApiKeyStatusBadge status={k.status} /> },
    { label: t`Bookings marked`, value: i18n._(API_KEY_SOURCE_LABELS[k.source]) },
    { label: t`Business`, value: k.businessName ?? '—' },
    { label: t`Made by`, value: k.userName },
    { label: t`Created`, value: formatDateTime(k.createdAt) },
    { label: t`Last used`, value: dateOr(k.lastUsedAt, never) },
    { label: t`Expires`, value: dateOr(k.expiresAt, never) },
    ...(k.revokedAt ? [{ label: t`Revoked`, value: formatDateTime(k.revokedAt) }] : []),
    ...(k.revokedReason ? [{ label: t`Why revoked`, value: revokedWhy(k) }] : []),
  ];
  const name = k.name;
  return (
    <ViewModal open onOpenChange={(open) => (open ? undefined : onClose())} title={t`API key “${name}”`} size="lg" fields={fields}>
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        <Trans>Scopes</Trans>
      </h3>
      <ul aria-label={t`What this key may do`} className="mt-2 flex flex-col gap-1 text-sm text-slate-900">
        {k.scopes.map((scope) => (
          <li key={scope}>
            {i18n._(API_KEY_SCOPE_NAMES[scope])} <code className="font-mono text-xs text-slate-500">({scope})</code>
          </li>
        ))}
      </ul>
    </ViewModal>
  );
}
