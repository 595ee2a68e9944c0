import type { PartnerDto } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { DEFAULT_LIMIT, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import { usePartners } from '../api/partners';
import { PARTNER_COLUMNS } from '../components/partner-columns';

const route = getRouteApi('/console/partners');

/** /partners: the service partners (GET /partners) with search and paging in the address. */
export function PartnersPage() {
  const { t } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseTableSearch(raw), [raw]);
  const navigate = route.useNavigate();
  const partners = usePartners({ page: search.page ?? 1, limit: search.limit ?? DEFAULT_LIMIT, search: search.search });
  return (
    <DataTable<PartnerDto>
      title={t`Partners`}
      description={t`Service partners and the provinces they cover.`}
      columns={PARTNER_COLUMNS}
      query={partners}
      getRowId={(partner) => partner.id}
      search={search}
      onSearchChange={(patch: Partial<TableSearch>, options) => void navigate({ search: { ...search, ...patch }, replace: options?.replace ?? false })}
      searchPlaceholder={t`Name, email or mobile number`}
      noun={(count) => t`${plural(count, { one: '# partner', other: '# partners' })}`}
    />
  );
}
