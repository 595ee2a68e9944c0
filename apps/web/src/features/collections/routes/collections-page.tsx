import {
  COLLECTION_SOURCE_LABELS,
  COLLECTION_SOURCES,
  COLLECTION_STATUS_LABELS,
  COLLECTION_STATUSES,
  type CollectionBulkResult,
  type CollectionDto,
  type CollectionSource,
  type CollectionStatus,
} from '@hatid/domain';
import { getRouteApi } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useBulkSelection } from '../../../components/data-table/use-bulk-selection';
import { FilterSelect, optionsOf } from '../../../components/data-table/filter-select';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { Button } from '../../../components/ui/button';
import { useAccess } from '../../../lib/ability';
import { useCoveredProvinces } from '../../../lib/api/places';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ConsoleListPage, useConsoleList } from '../../console/components/console-list-page';
import { screenById } from '../../console/screens';
import { useCashHolders, useCollectionCount, useCollections, useSetCollectionStatus } from '../api/collections';
import { AddCollectionModal, type CollectionPrefill } from '../components/add-collection-modal';
import { BulkCompleteDialog } from '../components/bulk-complete-dialog';
import { CancelCollectionDialog } from '../components/cancel-collection-dialog';
import { COLLECTION_COLUMNS } from '../components/collection-columns';
import { CollectionRowMenu } from '../components/collection-row-menu';
import { CollectionViewModal } from '../components/collection-view-modal';
import { firstSource, OutstandingCashPanel } from '../components/outstanding-cash-panel';
import { MOVE_LABELS, type CollectionMenuKey } from '../lib/collection-actions';
import { collectionFilters, hasCollectionFilters, parseCollectionsSearch, type CollectionsSearch } from '../lib/collections-search';

const route = getRouteApi('/console/cash-collections');
const TITLE = 'Cash collections';

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
    { value: undefined, label: 'All', count: countOf(undefined) },
    ...COLLECTION_STATUSES.map((s) => ({ value: s, label: COLLECTION_STATUS_LABELS[s], count: countOf(s) })),
  ];

  const runMove = (collection: CollectionDto, next: 'on_going' | 'completed') =>
    move.mutate(
      { id: collection.id, status: next },
      {
        onSuccess: () =>
          toast.success(`Collection ${COLLECTION_STATUS_LABELS[next].toLowerCase()}`, {
            description: `${formatMoney(collection.amountInCents)} from ${collection.collectedFromName}`,
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
      title={TITLE}
      description={screenById('cash-collections').description}
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
      searchPlaceholder="Tracking number or name"
      noun={{ one: 'collection', other: 'collections' }}
      tabs={tabs}
      filtered={hasCollectionFilters(search)}
      onClearFilters={() => setSearch({ source: undefined, partner: undefined, location: undefined, startDate: undefined, endDate: undefined })}
      filters={
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end lg:min-w-0 lg:flex-[2_1_0%]">
          <FilterSelect<CollectionSource>
            label="Source"
            value={search.source}
            anyLabel="All sources"
            options={optionsOf(COLLECTION_SOURCES, COLLECTION_SOURCE_LABELS)}
            onChange={(source) => setSearch({ source, page: undefined })}
          />
          <FilterSelect
            label="Handed over by"
            value={search.partner}
            anyLabel="Anyone"
            options={(holders.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            loading={holders.isPending}
            unknownLabel="Someone else"
            onChange={(partner) => setSearch({ partner, page: undefined })}
          />
          <FilterSelect
            label="Location"
            value={search.location}
            anyLabel="Any province"
            options={(provinces.data ?? []).map((p) => ({ value: p.provinceCode, label: p.name }))}
            onChange={(location) => setSearch({ location, page: undefined })}
          />
          <DateRangeFilter
            startDate={search.startDate}
            endDate={search.endDate}
            fromLabel={'Recorded from'}
            wide
            onChange={(change) => setSearch({ ...change, page: undefined }, { replace: true })}
          />
        </div>
      }
      add={canCreate ? { label: 'Add collection', onClick: () => setDialog({ kind: 'add', prefill: null }) } : null}
      rowClassName={(c) => refusedRowClass(c.id)}
      selection={
        canUpdate
          ? {
              selected,
              onChange: setSelected,
              actions: (ticked) => (
                <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'bulk-complete', ids: ticked })}>
                  <CircleCheck className="h-4 w-4" aria-hidden="true" />
                  {MOVE_LABELS.completed}
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
