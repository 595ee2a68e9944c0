import { API_KEY_STATUSES, type ApiKeyDto, type ApiKeyStatus } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { DEFAULT_LIMIT } from '../../../components/data-table/table-search';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { screenById } from '../../console/screens';
import { useApiKeyCount, useApiKeys } from '../api/api-keys';
import { apiKeyColumns } from '../components/api-key-columns';
import { ApiKeyRowMenu } from '../components/api-key-row-menu';
import { ApiKeyViewModal } from '../components/api-key-view-modal';
import { CreateApiKeyModal } from '../components/create-api-key-modal';
import { EditApiKeyModal } from '../components/edit-api-key-modal';
import { RevokeApiKeyDialog } from '../components/revoke-api-key-dialog';
import { API_KEY_STATUS_LABELS, makesApiKeys, seesEveryApiKey, type ApiKeyMenuKey } from '../lib/api-key-actions';
import { apiKeyFilters, parseApiKeysSearch, type ApiKeysSearch } from '../lib/api-keys-search';

const route = getRouteApi('/console/api-keys');

type Dialog = { kind: 'create' } | { kind: ApiKeyMenuKey; apiKey: ApiKeyDto } | null;

/**
 * /api-keys in the console: the keys a business's own systems book and track shipments with (GET
 * /api-keys), with status tabs and their counts, search by name or prefix, and paging, all in the address.
 * A business admin sees and makes its business's keys; admins see, change and revoke every key (with the
 * business each belongs to) but make none. Each row is viewed, edited (name, scopes, expiry) and revoked.
 */
export function ApiKeysPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseApiKeysSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const { ability, roles } = useAccess();
  const status = search.tab;
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const filters = useMemo(() => apiKeyFilters(search, status), [search, status]);
  const list = useApiKeys({ ...filters, page, limit });
  const [dialog, setDialog] = useState<Dialog>(null);
  const everyKey = seesEveryApiKey(roles);
  const columns = useMemo(() => apiKeyColumns(everyKey), [everyKey]);

  const setSearch = useTableSearch(search, navigateSearch, list);

  // Each tab's count for the same search: the open tab's is its own total, the others ask for one row.
  const counts = {
    all: useApiKeyCount(apiKeyFilters(search, undefined), status !== undefined),
    active: useApiKeyCount(apiKeyFilters(search, 'active'), status !== 'active'),
    expired: useApiKeyCount(apiKeyFilters(search, 'expired'), status !== 'expired'),
    revoked: useApiKeyCount(apiKeyFilters(search, 'revoked'), status !== 'revoked'),
  };
  const countOf = (tab: ApiKeyStatus | undefined) => (tab === status ? list.data?.total : counts[tab ?? 'all'].data);
  const tabs: TableTab[] = [
    { value: undefined, label: t`All`, count: countOf(undefined) },
    ...API_KEY_STATUSES.map((s) => ({ value: s, label: i18n._(API_KEY_STATUS_LABELS[s]), count: countOf(s) })),
  ];
  const close = () => setDialog(null);

  return (
    <>
      <DataTable<ApiKeyDto>
        title={t`API keys`}
        description={screenById('api-keys').description}
        columns={columns}
        query={list}
        getRowId={(k) => k.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<ApiKeysSearch>, options)}
        searchPlaceholder={t`Name or key prefix (htd_…)`}
        noun={(count) => t`${plural(count, { one: '# API key', other: '# API keys' })}`}
        tabs={tabs}
        createAction={
          makesApiKeys(ability, roles) ? (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Create API key</Trans>
            </Button>
          ) : null
        }
        rowActions={(k) => <ApiKeyRowMenu apiKey={k} onSelect={(kind) => setDialog({ kind, apiKey: k })} />}
      />
      {dialog?.kind === 'create' ? <CreateApiKeyModal onClose={close} /> : null}
      {dialog?.kind === 'view' ? <ApiKeyViewModal apiKey={dialog.apiKey} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditApiKeyModal key={dialog.apiKey.id} apiKey={dialog.apiKey} onClose={close} /> : null}
      {dialog?.kind === 'revoke' ? <RevokeApiKeyDialog apiKey={dialog.apiKey} onClose={close} /> : null}
    </>
  );
}
