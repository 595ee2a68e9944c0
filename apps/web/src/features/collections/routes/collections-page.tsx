import {
  COLLECTION_SOURCES,
  COLLECTION_STATUSES,
  type CollectionBulkResult,
  type CollectionDto,
  type CollectionSource,
  type CollectionStatus,
} from '@hatid/domain';
import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useBulkSelection } from '../../../components/data-table/use-bulk-selection';
import { FilterSelect } from '../../../components/data-table/filter-select';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { useCoveredProvinces } from '../../../lib/api/places';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ConsoleListPage, useConsoleList } from '../../console/components/console-list-page';
import { useCashHolders, useCollectionCount, useCollections, useSetCollectionStatus } from '../api/collections';
import { AddCollectionModal, type CollectionPrefill } from '../components/add-collection-modal';
import { BulkCompleteDialog } from '../components/bulk-complete-dialog';
import { CancelCollectionDialog } from '../components/cancel-collection-dialog';
import { COLLECTION_COLUMNS, COLLECTION_SOURCE_NAMES } from '../components/collection-columns';
import { amountFrom } from '../components/collection-row-menu';
import { COLLECTION_STATUS_NAMES } from '../lib/status-labels';
import { CollectionRowMenu } from '../components/collection-row-menu';
import { CollectionViewModal } from '../components/collection-view-modal';
import { firstSource, OutstandingCashPanel } from '../components/outstanding-cash-panel';
import { moveLabel, type CollectionMenuKey } from '../lib/collection-actions';
import { collectionFilters, hasCollectionFilters, parseCollectionsSearch, type CollectionsSearch } from '../lib/collections-search';

const route = getRouteApi('/console/cash-collections');

type Dialog =
  | { kind: 'add'; prefill: CollectionPrefill | null }
  | { kind: 'view' | 'cancel'; collection: CollectionDto }
  | { kind: 'bulk-complete'; ids: string[] }
  | null;

/** The filters' fields, full width in their grid. */

/** The page of hand-overs the address's tab, search and filters ask for. */
const useCollectionRows = (paging: { page: number; limit: number }, search: CollectionsSearch) =>
  useCollections({ ...collectionFilters(search, search.tab), ...paging });

/**
 * /cash-collections in the console: the cash riders and partners hand over at the hub. Above the table, who
 * holds cash not handed over yet (GET /collections/outstanding), each with "Record hand-over"; the table
 * lists the hand-overs (GET /collections) with status tabs and their counts, search, source, handed-over-by,
 * province and date filters, all in the address. Each row is viewed and moved along COLLECTION_MOVES; ticked
 * rows are marked completed together, the refused ones kept ticked and marked. Recording and moving need
 * `create` and `update Collection` (staff and admins).
 */
export function CashCollectionsPage() {
  const { t } = useLingui();
  const { search, page, limit, list, setSearch } = useConsoleList(route, parseCollectionsSearch, useCollectionRows);
  const { ability } = useAccess();
  const status = search.tab;
  const filtersKey = JSON.stringify(collectionFilters(search, status));
  const holders = useCashHolders();
  const provinces = useCoveredProvinces();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { selected, setSelected, keepRefused, refusedRowClass } = useBulkSelection(JSON.stringify([filtersKey, page, limit]));
  const move = useSetCollectionStatus();
  const canCreate = ability.can('create', 'Collection');
  const canUpdate = ability.can('update', 'Collection');

  // Each tab's count for the same search and filters: the open tab's is its own total, the others ask for one row.
  const counts = {
    all: useCollectionCount(collectionFilters(search, undefined), status !== undefined),
    pending: useCollectionCount(collectionFilters(search, 'pending'), status !== 'pending'),
    on_going: useCollectionCount(collectionFilters(search, 'on_going'), status !== 'on_going'),
    completed: useCollectionCount(collectionFilters(search, 'completed'), status !== 'completed'),
    cancelled: useCollectionCount(collectionFilters(search, 'cancelled'), status !== 'cancelled'),
  };
  const countOf = (tab: CollectionStatus | undefined) => (tab === status ? list.data?.total : counts[tab ?? 'all'].data);
  const tabs: TableTab[] = [
    { value: undefined, label: t`All`, count: countOf(undefined) },
    ...COLLECTION_STATUSES.map((s) => ({ value: s, label: i18n._(COLLECTION_STATUS_NAMES[s]), count: countOf(s) })),
  ];

  const runMove = (collection: CollectionDto, next: 'on_going' | 'completed') =>
    move.mutate(
      { id: collection.id, status: next },
      {
        onSuccess: () =>
          toast.success(next === 'on_going' ? t`Collection on going` : t`Collection completed`, {
            description: amountFrom(collection),
          }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const onMenu = (collection: CollectionDto, key: CollectionMenuKey) => {
    if (key === 'view') setDialog({ kind: 'view', collection });
    else if (key === 'cancelled') setDialog({ kind: 'cancel', collection });
    else runMove(collection, key);
  };
  const onBulkDone = (result: CollectionBulkResult) => {
    keepRefused(result.failed.map((f) => f.id));
  };

  return (
    <ConsoleListPage<CollectionDto>
      title={t`Cash collections`}
      description={t`Cash riders and partners collected and remitted.`}
      intro={
        <OutstandingCashPanel
          onRecord={
            canCreate
              ? (person) => setDialog({ kind: 'add', prefill: { collectedFromId: person.userId, name: person.name, source: firstSource(person) } })
              : null
          }
        />
      }
      columns={COLLECTION_COLUMNS}
      query={list}
      getRowId={(c) => c.id}
      search={search}
      onSearchChange={(patch, options) => setSearch(patch as Partial<CollectionsSearch>, options)}
      searchPlaceholder={t`Tracking number or name`}
      noun={(count) => t`${plural(count, { one: '# collection', other: '# collections' })}`}
      tabs={tabs}
      filtered={hasCollectionFilters(search)}
      onClearFilters={() => setSearch({ source: undefined, partner: undefined, location: undefined, startDate: undefined, endDate: undefined })}
      filters={
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end lg:min-w-0 lg:flex-[2_1_0%]">
          <FilterSelect<CollectionSource>
            label={t`Source`}
            value={search.source}
            anyLabel={t`All sources`}
            options={COLLECTION_SOURCES.map((source) => ({ value: source, label: i18n._(COLLECTION_SOURCE_NAMES[source]) }))}
            onChange={(source) => setSearch({ source, page: undefined })}
          />
          <FilterSelect
            label={t`Handed over by`}
            value={search.partner}
            anyLabel={t`Anyone`}
            options={(holders.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            loading={holders.isPending}
            unknownLabel={t`Someone else`}
            onChange={(partner) => setSearch({ partner, page: undefined })}
          />
          <FilterSelect
            label={t`Location`}
            value={search.location}
            anyLabel={t`Any province`}
            options={(provinces.data ?? []).map((p) => ({ value: p.provinceCode, label: p.name }))}
            onChange={(location) => setSearch({ location, page: undefined })}
          />
          <DateRangeFilter
            startDate={search.startDate}
            endDate={search.endDate}
            fromLabel={t`Recorded from`}
            wide
            onChange={(change) => setSearch({ ...change, page: undefined }, { replace: true })}
          />
        </div>
      }
      add={canCreate ? { label: t`Add collection`, onClick: () => setDialog({ kind: 'add', prefill: null }) } : null}
      rowClassName={(c) => refusedRowClass(c.id)}
      selection={
        canUpdate
          ? {
              selected,
              onChange: setSelected,
              actions: (ticked) => (
                <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'bulk-complete', ids: ticked })}>
                  <CircleCheck className="h-4 w-4" aria-hidden="true" />
                  {moveLabel('completed')}
                </Button>
              ),
            }
          : undefined
      }
      rowActions={(c) => <CollectionRowMenu collection={c} onSelect={(key) => onMenu(c, key)} />}
    >
      {dialog?.kind === 'add' ? (
        <AddCollectionModal key={dialog.prefill?.collectedFromId ?? 'add'} prefill={dialog.prefill} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'view' ? <CollectionViewModal collection={dialog.collection} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' ? <CancelCollectionDialog collection={dialog.collection} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'bulk-complete' ? (
        <BulkCompleteDialog ids={dialog.ids} rows={list.data?.data ?? []} onDone={onBulkDone} onClose={() => setDialog(null)} />
      ) : null}
    </ConsoleListPage>
  );
}
