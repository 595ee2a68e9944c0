import { CONSOLIDATION_STATUSES, type ConsolidationDto, type ConsolidationStatus } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Plus, Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table/data-table';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import { DEFAULT_LIMIT, parseTableSearch } from '../../../components/data-table/table-search';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { Button } from '../../../components/ui/button';
import { ConfirmActionDialog, Modal } from '../../../components/ui/modal';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { useActiveCouriers } from '../../couriers/api/couriers';
import { useAutomatedConsolidation, useConsolidations, useDeleteConsolidation } from '../api/consolidations';
import { AirportSelect } from '../components/airport-select';
import { CONSOLIDATION_COLUMNS } from '../components/consolidation-columns';
import { NewConsolidationModal } from '../components/new-consolidation-modal';
import { CONSOLIDATION_STATUS_NAMES } from '../lib/consolidation-labels';

const route = getRouteApi('/console/consolidations');

type Dialog = 'new' | 'automated' | { delete: ConsolidationDto } | null;

/**
 * /consolidations: air cargo between airports for consolidators and staff (the spec's abilities: update
 * Consolidation works them, admin view looks). Open one for an airport pair, or let the automated run group
 * everything waiting at an origin hub; a tag opens the consolidation.
 */
export function ConsolidationsPage() {
  const { t, i18n } = useLingui();
  const tabs = [{ value: undefined, label: t`All` }, ...CONSOLIDATION_STATUSES.map((s) => ({ value: s, label: i18n._(CONSOLIDATION_STATUS_NAMES[s]) }))];
  const raw = route.useSearch();
  const search = useMemo(() => parseTableSearch(raw, { tabs: CONSOLIDATION_STATUSES }), [raw]);
  const navigate = route.useNavigate();
  const { ability, roles } = useAccess();
  const mayWork = ability.can('update', 'Consolidation');
  const list = useConsolidations({
    page: search.page ?? 1,
    limit: search.limit ?? DEFAULT_LIMIT,
    search: search.search,
    status: search.tab as ConsolidationStatus | undefined,
  });
  const setSearch = useTableSearch(search, navigate, list);
  const [dialog, setDialog] = useState<Dialog>(null);
  const carriers = useActiveCouriers('air', mayWork);
  const automated = useAutomatedConsolidation();
  const remove = useDeleteConsolidation();
  const [origin, setOrigin] = useState('MNL');

  const runAutomated = async () => {
    try {
      const made = await automated.mutateAsync({ senderAirport: origin || undefined });
      toast.success(
        made.length === 0 ? t`Nothing is waiting at that hub` : t`${plural(made.length, { one: '# consolidation', other: '# consolidations' })} filled`,
        {
          description: made.map((c) => `${c.tag}: ${c.shipmentCount}`).join(', '),
        },
      );
      setDialog(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <DataTable<ConsolidationDto>
        title={t`Consolidations`}
        description={t`Shipments flown (or shipped) together from one airport to another under one master air waybill.`}
        columns={CONSOLIDATION_COLUMNS}
        query={list}
        getRowId={(c) => c.id}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder={t`Tag or master air waybill`}
        noun={(count) => t`${plural(count, { one: '# consolidation', other: '# consolidations' })}`}
        tabs={tabs}
        createAction={
          mayWork && roles.some((r) => r !== 'customer') ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog('automated')}>
                <Wand2 className="h-4 w-4" aria-hidden="true" />
                <Trans>Consolidate automatically</Trans>
              </Button>
              <Button onClick={() => setDialog('new')}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                <Trans>New consolidation</Trans>
              </Button>
            </div>
          ) : null
        }
        rowActions={(c) => (
          <RowActionMenu
            subject="Consolidation"
            label={c.tag}
            onView={() => void navigate({ to: '/consolidations/$tag', params: { tag: c.tag } } as never)}
            onUpdate={() => void navigate({ to: '/consolidations/$tag', params: { tag: c.tag } } as never)}
            onDelete={c.status === 'pending' ? () => setDialog({ delete: c }) : undefined}
          />
        )}
      />
      {dialog === 'new' ? <NewConsolidationModal carriers={carriers.data ?? []} onClose={() => setDialog(null)} /> : null}
      {dialog === 'automated' ? (
        <Modal
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          title={t`Consolidate automatically`}
          description={t`Every shipment waiting at the origin hub goes into its airport pair's open consolidation (a new one if none is open).`}
          footer={
            <Button loading={automated.isPending} onClick={() => void runAutomated()}>
              <Trans>Consolidate</Trans>
            </Button>
          }
        >
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            <Trans>Origin airport</Trans>
            <AirportSelect value={origin} onChange={(e) => setOrigin(e.target.value)} placeholder={t`Every origin`} />
          </label>
        </Modal>
      ) : null}
      {dialog && typeof dialog === 'object' ? (
        <ConfirmActionDialog
          kind="delete"
          what={dialog.delete.tag}
          description={t`Its shipments go back to waiting at the origin hub.`}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          pending={remove.isPending}
          onConfirm={() =>
            void remove.mutateAsync(dialog.delete.id).then(
              () => {
                toast.success(t`Consolidation deleted`, { description: dialog.delete.tag });
                setDialog(null);
              },
              (error: unknown) => toast.error(errorMessage(error)),
            )
          }
        />
      ) : null}
    </>
  );
}
