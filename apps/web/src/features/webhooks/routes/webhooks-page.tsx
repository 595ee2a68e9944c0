import type { WebhookEndpointDto, WebhookEndpointStatus } from '@hatid/domain';
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
import { useWebhookEndpointCount, useWebhookEndpoints } from '../api/webhooks';
import { webhookColumns, WebhookRowMenu, type WebhookMenuKey } from '../components/webhook-columns';
import { WebhookDeliveriesModal } from '../components/webhook-deliveries-modal';
import { CreateWebhookModal, DeleteWebhookDialog, EditWebhookModal, RotateWebhookSecretDialog, ToggleWebhookDialog } from '../components/webhook-modals';
import { choosesBusiness, managesWebhooks, seesEveryBusiness, WEBHOOK_STATUS_LABELS } from '../lib/webhook-labels';
import { parseWebhooksSearch, webhookFilters, type WebhooksSearch } from '../lib/webhooks-search';

const route = getRouteApi('/console/webhooks');

type Dialog = { kind: 'create' } | { kind: WebhookMenuKey; endpoint: WebhookEndpointDto } | null;

/**
 * /webhooks in the console: the endpoints a business's systems hear its shipments' events on (GET
 * /webhooks/endpoints), with status tabs and counts, search and paging in the address. A business admin
 * adds, edits, switches off/on, rotates the secret of and deletes its business's endpoints, and replays
 * failed deliveries; admins do so for any business (choosing it when adding); staff look, read-only.
 */
export function WebhooksPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseWebhooksSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const { ability, roles } = useAccess();
  const status = search.tab;
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const filters = useMemo(() => webhookFilters(search, status), [search, status]);
  const list = useWebhookEndpoints({ ...filters, page, limit });
  const [dialog, setDialog] = useState<Dialog>(null);
  const everyBusiness = seesEveryBusiness(roles);
  const manages = managesWebhooks(ability);
  const columns = useMemo(() => webhookColumns(everyBusiness), [everyBusiness]);
  const setSearch = useTableSearch(search, navigateSearch, list);

  const counts = {
    all: useWebhookEndpointCount(webhookFilters(search, undefined), status !== undefined),
    active: useWebhookEndpointCount(webhookFilters(search, 'active'), status !== 'active'),
    disabled: useWebhookEndpointCount(webhookFilters(search, 'disabled'), status !== 'disabled'),
  };
  const countOf = (tab: WebhookEndpointStatus | undefined) => (tab === status ? list.data?.total : counts[tab ?? 'all'].data);
  const tabs: TableTab[] = [
    { value: undefined, label: t`All`, count: countOf(undefined) },
    { value: 'active', label: i18n._(WEBHOOK_STATUS_LABELS.active), count: countOf('active') },
    { value: 'disabled', label: i18n._(WEBHOOK_STATUS_LABELS.disabled), count: countOf('disabled') },
  ];
  const close = () => setDialog(null);

  return (
    <>
      <DataTable<WebhookEndpointDto>
        title={t`Webhooks`}
        description={screenById('webhooks').description}
        columns={columns}
        query={list}
        getRowId={(e) => e.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<WebhooksSearch>, options)}
        searchPlaceholder={t`URL or description`}
        noun={(count) => t`${plural(count, { one: '# webhook endpoint', other: '# webhook endpoints' })}`}
        tabs={tabs}
        createAction={
          manages ? (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add endpoint</Trans>
            </Button>
          ) : null
        }
        rowActions={(e) => <WebhookRowMenu endpoint={e} manages={manages} onSelect={(kind) => setDialog({ kind, endpoint: e })} />}
      />
      {dialog?.kind === 'create' ? <CreateWebhookModal pickBusiness={choosesBusiness(roles)} onClose={close} /> : null}
      {dialog?.kind === 'deliveries' ? <WebhookDeliveriesModal endpoint={dialog.endpoint} manages={manages} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditWebhookModal key={dialog.endpoint.id} endpoint={dialog.endpoint} onClose={close} /> : null}
      {dialog?.kind === 'toggle' ? <ToggleWebhookDialog endpoint={dialog.endpoint} onClose={close} /> : null}
      {dialog?.kind === 'rotate' ? <RotateWebhookSecretDialog endpoint={dialog.endpoint} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteWebhookDialog endpoint={dialog.endpoint} onClose={close} /> : null}
    </>
  );
}
