import type { ShipmentDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../lib/ability';
import { PartnerProvincesDialog } from '../components/partner-provinces-dialog';
import { HandOffModal } from '../components/hand-off-modal';
import { PartnerPayout } from '../components/partner-payout';
import { DataTable } from '../../../components/data-table/data-table';
import { DEFAULT_LIMIT, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMobileNumber, formatMoney } from '../../../lib/format';
import { SHIPMENT_COLUMNS } from '../../shipments/components/admin/shipment-columns';
import { exportPartnerShipments, usePartner, usePartnerShipments } from '../api/partners';
import { PARTNER_STATUS_LABELS } from '../components/partner-columns';

const route = getRouteApi('/console/partners/$partnerId');
const count = (n: number) => n.toLocaleString('en-PH');

/** /partners/{id}: the partner, the provinces it serves (retrieval fee, intra-city), its payout and its shipments. */
export function PartnerDetailPage() {
  const { t } = useLingui();
  const { partnerId } = route.useParams();
  const raw = route.useSearch();
  const search = useMemo(() => parseTableSearch(raw), [raw]);
  const navigate = route.useNavigate();
  const partner = usePartner(partnerId);
  // Assigning provinces is the admins' (the server's `update Partner`).
  const canEditProvinces = useAccess().ability.can('update', 'Partner');
  const [editing, setEditing] = useState(false);
  // Hand-offs: the partner itself and operations (the server also keeps it to the partner's provinces).
  const { ability, roles } = useAccess();
  const canHandOff = roles.includes('service_partner') || ability.can('update_delivery_status', 'Shipment');
  // The payout: the partner itself, and whoever manages shipments (the server's rule for payout-breakdown).
  const canSeePayout = roles.includes('service_partner') || ability.can('manage', 'Shipment');
  const [handingOff, setHandingOff] = useState<ShipmentDto | null>(null);
  const shipments = usePartnerShipments({ partnerId, page: search.page ?? 1, limit: search.limit ?? DEFAULT_LIMIT, search: search.search });

  return (
    <div className="flex flex-col gap-6">
      <Link to="/partners" className="inline-flex items-center gap-1 text-sm text-teal-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        <Trans>Partners</Trans>
      </Link>
      {partner.isPending ? (
        <Spinner label={t`Loading the partner`} />
      ) : partner.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(partner.error)}
          <Button variant="secondary" size="sm" onClick={() => void partner.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{partner.data.name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              {[
                partner.data.email,
                partner.data.mobileNumber ? formatMobileNumber(partner.data.mobileNumber) : null,
                i18n._(PARTNER_STATUS_LABELS[partner.data.status]),
                t`since ${formatDateTime(partner.data.createdAt)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {(
              [
                [t`Shipments`, partner.data.shipments.total],
                [t`Active`, partner.data.shipments.active],
                [t`Delivered`, partner.data.shipments.delivered],
                [t`Cancelled`, partner.data.shipments.cancelled],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{count(value)}</dd>
              </div>
            ))}
          </dl>
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <Trans>Provinces served</Trans>
              </CardTitle>
              {canEditProvinces ? (
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  <Trans>Edit provinces</Trans>
                </Button>
              ) : null}
            </div>
            {/* Mounted while open, so it starts from the partner's provinces each time. */}
            {canEditProvinces && editing ? <PartnerProvincesDialog partner={partner.data} open onOpenChange={setEditing} /> : null}
            {partner.data.provinces.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">
                <Trans>This partner serves no province yet.</Trans>
              </p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">
                    <Trans>Provinces served</Trans>
                  </caption>
                  <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        <Trans>Province</Trans>
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        <Trans>Retrieval fee</Trans>
                      </th>
                      <th scope="col" className="px-3 py-2">
                        <Trans>Intra-city</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {partner.data.provinces.map((province) => (
                      <tr key={province.provinceCode}>
                        <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                          {province.name}
                        </th>
                        <td className="px-3 py-2 text-right tabular-nums">{formatMoney(province.retrievalFeeInCents)}</td>
                        <td className="px-3 py-2">{province.isIntraCityEnabled ? t`Enabled` : t`Not offered`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
          {canSeePayout ? <PartnerPayout partnerId={partner.data.id} /> : null}
        </>
      )}
      <DataTable<ShipmentDto>
        title={t`Partner shipments`}
        description={t`Picked up or delivered in the provinces this partner serves.`}
        columns={SHIPMENT_COLUMNS}
        query={shipments}
        getRowId={(shipment) => shipment.trackingNumber}
        search={search}
        onSearchChange={(patch: Partial<TableSearch>, options) => void navigate({ search: { ...search, ...patch }, replace: options?.replace ?? false })}
        searchPlaceholder={t`Tracking number, name or mobile number`}
        noun={(count) => t`${plural(count, { one: '# shipment', other: '# shipments' })}`}
        exportSource={{ key: JSON.stringify([partnerId, search.search]), fetchFile: (signal) => exportPartnerShipments(partnerId, search.search, signal) }}
        {...(canHandOff
          ? {
              rowActions: (shipment: ShipmentDto) =>
                shipment.status === 'Cancelled' || shipment.deliveryStatus === 'Delivered' ? null : (
                  <Button variant="secondary" size="sm" onClick={() => setHandingOff(shipment)} aria-label={t`Hand off ${shipment.trackingNumber}`}>
                    <Trans>Hand off</Trans>
                  </Button>
                ),
            }
          : {})}
      />
      {handingOff ? <HandOffModal shipment={handingOff} onClose={() => setHandingOff(null)} /> : null}
    </div>
  );
}
