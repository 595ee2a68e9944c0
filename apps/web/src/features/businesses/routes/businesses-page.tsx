import { formatMoney, type BusinessDto } from '@hatid/domain';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import { parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import { ConfirmActionDialog, ViewModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMobileNumber } from '../../../lib/format';
import { useBusiness, useBusinesses, useDeleteBusiness } from '../api/businesses';
import { BusinessFormModal } from '../components/business-form-modal';
import { BusinessMembers } from '../components/business-members';
import { ConsoleListPage, useConsoleList } from '../../console/components/console-list-page';

const route = getRouteApi('/console/clients');

type Dialog = { kind: 'add' } | { kind: 'edit' | 'view' | 'delete'; business: BusinessDto } | null;

const column = dataColumnHelper<BusinessDto>();

export const invoiceText = (business: BusinessDto): string => {
  if (!business.invoiceAccount.invoiceBillingEnabled) return i18n._(msg`Pays per shipment`);
  const days = business.invoiceAccount.paymentTermsInDays;
  const limit = formatMoney(business.invoiceAccount.creditLimitInCents);
  return i18n._(msg`${plural(days, { one: '# day', other: '# days' })}, limit ${limit}`);
};

const termsText = (days: number) => i18n._(msg`${plural(days, { one: '# day', other: '# days' })}`);
const activeText = (active: boolean) => (active ? i18n._(msg`Active`) : i18n._(msg`Inactive`));

const COLUMNS: DataColumn<BusinessDto>[] = [
  column.accessor('name', {
    header: () => <Trans>Business</Trans>,
    cell: ({ row }) => (
      <div>
        <p className="font-medium text-slate-900">{row.original.name}</p>
        {row.original.tin ? (
          // i18n-ignore: TIN is the BIR's name for the number, written so in Filipino too
          <p className="text-xs text-slate-500">TIN {row.original.tin}</p>
        ) : null}
      </div>
    ),
  }),
  column.display({
    id: 'contact',
    header: () => <Trans>Contact</Trans>,
    cell: ({ row }) => (
      <div className="text-slate-700">
        <p>{row.original.email ?? '—'}</p>
        {row.original.mobileNumber ? <p className="text-xs text-slate-500">{formatMobileNumber(row.original.mobileNumber)}</p> : null}
      </div>
    ),
  }),
  column.display({ id: 'manager', header: () => <Trans>Account manager</Trans>, cell: ({ row }) => row.original.accountManager?.name ?? '—' }),
  column.accessor('memberCount', { header: () => <Trans>Members</Trans>, meta: { className: 'tabular-nums' } }),
  column.display({ id: 'invoice', header: () => <Trans>Invoice</Trans>, cell: ({ row }) => invoiceText(row.original) }),
  column.accessor('isActive', { header: () => <Trans>Status</Trans>, cell: ({ getValue }) => activeText(getValue()) }),
];

/** The page of businesses the address asks for. */
const useBusinessRows = (paging: { page: number; limit: number }, search: TableSearch) => useBusinesses({ ...paging, search: search.search });

/** /clients in the console: the businesses we serve (search and paging in the address), add, view, edit. */
export function ClientsPage() {
  const { t } = useLingui();
  const { search, list: businesses, setSearch } = useConsoleList(route, parseTableSearch, useBusinessRows);
  const { ability } = useAccess();
  const [dialog, setDialog] = useState<Dialog>(null);

  const close = (open: boolean) => (open ? undefined : setDialog(null));

  return (
    <ConsoleListPage<BusinessDto>
      title={t`Clients`}
      description={t`Businesses we serve, newest first.`}
      columns={COLUMNS}
      query={businesses}
      getRowId={(business) => business.id}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={t`Name, email, TIN or mobile number`}
      noun={(count) => t`${plural(count, { one: '# business', other: '# businesses' })}`}
      add={ability.can('create', 'Client') ? { label: t`Add business`, onClick: () => setDialog({ kind: 'add' }) } : null}
      rowActions={(business) => (
        <RowActionMenu
          subject="Client"
          label={business.name}
          onView={() => setDialog({ kind: 'view', business })}
          onUpdate={() => setDialog({ kind: 'edit', business })}
          onDelete={() => setDialog({ kind: 'delete', business })}
        />
      )}
    >
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <BusinessFormModal
          key={dialog.kind === 'edit' ? dialog.business.id : 'add'}
          business={dialog.kind === 'edit' ? dialog.business : null}
          open
          onOpenChange={close}
        />
      ) : null}
      {dialog?.kind === 'view' ? <BusinessView business={dialog.business} onOpenChange={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteBusiness business={dialog.business} onOpenChange={close} /> : null}
    </ConsoleListPage>
  );
}

function BusinessView({ business, onOpenChange }: { business: BusinessDto; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const detail = useBusiness(business.id);
  return (
    <ViewModal
      open
      onOpenChange={onOpenChange}
      title={business.name}
      size="lg"
      fields={[
        { label: t`Email`, value: business.email ?? '—' },
        { label: t`Mobile number`, value: business.mobileNumber ? formatMobileNumber(business.mobileNumber) : '—' },
        { label: t`TIN`, value: business.tin ?? '—' },
        { label: t`Status`, value: activeText(business.isActive) },
        { label: t`Owner`, value: (detail.data ?? business).owner?.name ?? '—' },
        { label: t`Account manager`, value: business.accountManager?.name ?? '—' },
        { label: t`Invoice billing`, value: business.invoiceAccount.invoiceBillingEnabled ? t`Yes` : t`No` },
        { label: t`Payment terms`, value: termsText(business.invoiceAccount.paymentTermsInDays) },
        { label: t`Credit limit`, value: formatMoney(business.invoiceAccount.creditLimitInCents) },
        { label: t`Created`, value: formatDateTime(business.createdAt) },
      ]}
    >
      {detail.isPending ? (
        <Spinner label={t`Loading members`} className="py-4" />
      ) : detail.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(detail.error)}
        </p>
      ) : (
        <BusinessMembers business={detail.data} />
      )}
    </ViewModal>
  );
}

function DeleteBusiness({ business, onOpenChange }: { business: BusinessDto; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const remove = useDeleteBusiness();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ConfirmActionDialog
      kind="delete"
      what={business.name}
      description={t`It leaves the list; its shipments and billings keep it.`}
      open
      onOpenChange={onOpenChange}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(business.id, {
          onSuccess: () => {
            toast.success(t`Business deleted`, { description: business.name });
            onOpenChange(false);
          },
          onError: (error) => setProblem(errorMessage(error)),
        })
      }
    >
      {problem ? (
        <p role="alert" className="text-red-600">
          {problem}
        </p>
      ) : null}
    </ConfirmActionDialog>
  );
}
