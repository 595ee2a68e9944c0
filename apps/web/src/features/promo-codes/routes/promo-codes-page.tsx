import { plural } from '@lingui/core/macro';
import type { PromoCodeDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import { parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import { ViewModal } from '../../../components/ui/modal';
import { useAccess } from '../../../lib/ability';
import { formatDateTime } from '../../../lib/format';
import { usePromoCodes } from '../api/promo-codes';
import { boxesText, limitText, periodText, PROMO_CODE_COLUMNS, usedText } from '../components/promo-code-columns';
import { PromoCodeFormModal } from '../components/promo-code-form-modal';
import { discountText } from '../lib/promo-form';
import { ConsoleListPage, useConsoleList } from '../../console/components/console-list-page';

const route = getRouteApi('/console/promo-codes');

type Dialog = { kind: 'add' } | { kind: 'edit' | 'view'; promo: PromoCodeDto } | null;

/** The page of promo codes the address asks for. */
const usePromoCodeRows = (paging: { page: number; limit: number }, search: TableSearch) => usePromoCodes({ ...paging, search: search.search });

/**
 * /promo-codes in the console: the data table over GET /promo-codes (search, page and page size in the
 * address), with add, edit and view. The row menu follows the spec: View and Edit, never Delete for promo
 * codes; each item and the add button only for whoever the abilities allow.
 */
export function PromoCodesPage() {
  const { t } = useLingui();
  const { search, list: promos, setSearch } = useConsoleList(route, parseTableSearch, usePromoCodeRows);
  const { ability } = useAccess();
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <ConsoleListPage<PromoCodeDto>
      title={t`Promo codes`}
      description={t`Discount codes customers type when they book, newest first.`}
      columns={PROMO_CODE_COLUMNS}
      query={promos}
      getRowId={(promo) => promo.id}
      search={search}
      onSearchChange={setSearch}
      searchPlaceholder={t`Code or description`}
      noun={(count) => t`${plural(count, { one: '# promo code', other: '# promo codes' })}`}
      add={ability.can('create', 'PromoCode') ? { label: t`Add promo code`, onClick: () => setDialog({ kind: 'add' }) } : null}
      rowActions={(promo) => (
        <RowActionMenu
          subject="PromoCode"
          label={promo.code}
          onView={() => setDialog({ kind: 'view', promo })}
          onUpdate={() => setDialog({ kind: 'edit', promo })}
        />
      )}
    >
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <PromoCodeFormModal
          key={dialog.kind === 'edit' ? dialog.promo.id : 'add'}
          promo={dialog.kind === 'edit' ? dialog.promo : null}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
        />
      ) : null}
      {dialog?.kind === 'view' ? <PromoCodeView promo={dialog.promo} onClose={() => setDialog(null)} /> : null}
    </ConsoleListPage>
  );
}

function PromoCodeView({ promo, onClose }: { promo: PromoCodeDto; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ViewModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={promo.code}
      description={promo.description ?? undefined}
      size="lg"
      fields={[
        { label: t`Discount`, value: discountText(promo) },
        { label: t`Type`, value: promo.type === 'flat' ? t`Flat amount` : t`Percentage` },
        { label: t`Valid`, value: periodText(promo) },
        { label: t`Boxes`, value: boxesText(promo) },
        { label: t`Used`, value: usedText(promo) },
        { label: t`Uses per customer`, value: limitText(promo.maxUsagePerUser) },
        { label: t`Created`, value: formatDateTime(promo.createdAt) },
        { label: t`Last changed`, value: formatDateTime(promo.updatedAt) },
      ]}
    />
  );
}
