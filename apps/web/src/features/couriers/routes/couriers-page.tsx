import { COURIER_CATEGORIES, COURIER_TYPES, type CourierCategory, type CourierDto, type CourierType } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { DataTable } from '../../../components/data-table/data-table';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import { DEFAULT_LIMIT, oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { ConfirmActionDialog, ViewModal } from '../../../components/ui/modal';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCouriers, useDeleteCourier, useSetCourierActive } from '../api/couriers';
import { contactText, COURIER_COLUMNS, courierStatusText } from '../components/courier-columns';
import { CourierFormModal } from '../components/courier-form-modal';
import { COURIER_CATEGORY_NAMES, COURIER_TYPE_NAMES } from '../lib/courier-labels';

const route = getRouteApi('/console/couriers');

export type CouriersSearch = TableSearch & { type?: string; category?: string };
type Dialog = { kind: 'add' } | { kind: 'edit' | 'view' | 'delete'; courier: CourierDto } | null;

/**
 * /couriers: carriers and partners we hand parcels to (GET /couriers), with add, edit, view, delete (only a
 * courier nothing points at: the server answers why otherwise) and activate/deactivate, each gated by the
 * abilities (manage Courier: staff and admins; ssp and service partners look).
 */
export function CouriersPage() {
  const { t, i18n } = useLingui();
  const tabs = [
    { value: undefined, label: t`All` },
    { value: 'active', label: courierStatusText(true) },
    { value: 'inactive', label: courierStatusText(false) },
  ];
  const raw = route.useSearch() as Record<string, unknown>;
  const search = useMemo(() => parseTableSearch(raw, { tabs: ['active', 'inactive'] }), [raw]);
  const type = oneOf(COURIER_TYPES, raw.type) as CourierType | undefined;
  const category = oneOf(COURIER_CATEGORIES, raw.category) as CourierCategory | undefined;
  const navigate = route.useNavigate();
  const { ability } = useAccess();
  const couriers = useCouriers({
    page: search.page ?? 1,
    limit: search.limit ?? DEFAULT_LIMIT,
    search: search.search,
    type,
    category,
    status: (search.tab as 'active' | 'inactive' | undefined) ?? 'all',
  });
  // The screen's own filters ride along when the table changes page, size, search or tab.
  const setSearch = useTableSearch({ ...search, type, category } as CouriersSearch, navigate as never, couriers);
  const [dialog, setDialog] = useState<Dialog>(null);
  const setActive = useSetCourierActive();
  const remove = useDeleteCourier();
  const setFilter = (key: 'type' | 'category', value: string) =>
    void navigate({ search: (prev: Record<string, unknown>) => ({ ...prev, page: undefined, [key]: value || undefined }) as never });

  const toggle = async (courier: CourierDto) => {
    try {
      await setActive.mutateAsync({ id: courier.id, active: !courier.isActive });
      toast.success(courier.isActive ? t`Courier deactivated` : t`Courier activated`, { description: courier.name });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <DataTable<CourierDto>
        title={t`Couriers`}
        description={t`Airlines, shipping lines, trucking and last-mile partners we hand parcels to.`}
        columns={COURIER_COLUMNS}
        query={couriers}
        getRowId={(courier) => courier.id}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder={t`Name or code`}
        noun={(count) => t`${plural(count, { one: '# courier', other: '# couriers' })}`}
        tabs={tabs}
        filtered={Boolean(type || category)}
        onClearFilters={() => void navigate({ search: (prev: Record<string, unknown>) => ({ ...prev, type: undefined, category: undefined }) as never })}
        filters={
          <div className="flex flex-wrap gap-2">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Trans>Type</Trans>
              <select className={`${inputClasses} w-auto`} value={type ?? ''} onChange={(e) => setFilter('type', e.target.value)}>
                <option value="">{t`Any`}</option>
                {COURIER_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {i18n._(COURIER_TYPE_NAMES[value])}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <Trans>Category</Trans>
              <select className={`${inputClasses} w-auto`} value={category ?? ''} onChange={(e) => setFilter('category', e.target.value)}>
                <option value="">{t`Any`}</option>
                {COURIER_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {i18n._(COURIER_CATEGORY_NAMES[c])}
                  </option>
                ))}
              </select>
            </label>
          </div>
        }
        createAction={
          ability.can('create', 'Courier') ? (
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              <Trans>Add courier</Trans>
            </Button>
          ) : null
        }
        rowActions={(courier) => (
          <div className="flex items-center justify-end gap-1">
            {ability.can(courier.isActive ? 'deactivate' : 'activate', 'Courier') ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void toggle(courier)}
                aria-label={courier.isActive ? t`Deactivate ${courier.name}` : t`Activate ${courier.name}`}
              >
                {courier.isActive ? t`Deactivate` : t`Activate`}
              </Button>
            ) : null}
            <RowActionMenu
              subject="Courier"
              label={courier.name}
              onView={() => setDialog({ kind: 'view', courier })}
              onUpdate={() => setDialog({ kind: 'edit', courier })}
              onDelete={() => setDialog({ kind: 'delete', courier })}
            />
          </div>
        )}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <CourierFormModal
          key={dialog.kind === 'edit' ? dialog.courier.id : 'add'}
          courier={dialog.kind === 'edit' ? dialog.courier : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'view' ? (
        <ViewModal
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          title={dialog.courier.name}
          fields={[
            { label: t`Type`, value: i18n._(COURIER_TYPE_NAMES[dialog.courier.type]) },
            { label: t`Category`, value: i18n._(COURIER_CATEGORY_NAMES[dialog.courier.category]) },
            { label: t`Code`, value: dialog.courier.code ?? '—' },
            { label: t`Status`, value: courierStatusText(dialog.courier.isActive) },
            { label: t`Contact`, value: contactText(dialog.courier) },
            { label: t`Last changed`, value: formatDateTime(dialog.courier.updatedAt) },
          ]}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmActionDialog
          kind="delete"
          what={dialog.courier.name}
          description={t`Only a courier that never carried a shipment can be deleted; otherwise deactivate it.`}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          pending={remove.isPending}
          onConfirm={() =>
            void remove.mutateAsync(dialog.courier.id).then(
              () => {
                toast.success(t`Courier deleted`, { description: dialog.courier.name });
                setDialog(null);
              },
              (error: unknown) => {
                toast.error(errorMessage(error));
                setDialog(null);
              },
            )
          }
        />
      ) : null}
    </>
  );
}
