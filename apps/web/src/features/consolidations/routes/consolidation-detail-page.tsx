import { airportName, type ConsolidationDetailDto, type ConsolidationShipmentDto, type PackageDeconsolidationStatus } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Input, inputClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useActiveCouriers } from '../../couriers/api/couriers';
import {
  manifestUrl,
  useConfirmPackages,
  useConsolidateShipments,
  useConsolidation,
  useConsolidationMove,
  useUpdateConsolidation,
  type LifecycleMove,
} from '../api/consolidations';
import { ConsolidationStatusBadge, kgText } from '../components/consolidation-columns';
import { NeededToSeal } from '../components/new-consolidation-modal';
import { ScanBox } from '../components/scan-box';
import { TransportDetailsModal } from '../components/transport-details-modal';
import { PACKAGE_STATUS_NAMES } from '../lib/consolidation-labels';
import { DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';

const route = getRouteApi('/console/consolidations/$tag');

const NEXT_MOVE: Partial<Record<ConsolidationDetailDto['status'], { move: LifecycleMove; label: MessageDescriptor; done: MessageDescriptor }>> = {
  pending: { move: 'completeConsolidation', label: msg`Seal consolidation`, done: msg`Sealed: every shipment is loaded for shipping` },
  consolidated: { move: 'startDeconsolidation', label: msg`Arrived: start deconsolidation`, done: msg`Arrived at the destination port` },
  deconsolidating: { move: 'completeDeconsolidation', label: msg`Complete deconsolidation`, done: msg`Consolidation completed` },
};

/** /consolidations/{tag}: one consolidation, its shipments, the scan box and the next step of its life cycle. */
export function ConsolidationDetailPage() {
  const { tag } = route.useParams();
  const { t } = useLingui();
  const consolidation = useConsolidation(tag);
  const { ability } = useAccess();
  const mayWork = ability.can('update', 'Consolidation');
  // The shipment page is the shipments screen's (consolidators have none: the number stays plain text).
  const mayOpenShipments = ability.can('admin_view', 'Shipment') || ability.can('update_delivery_status', 'Shipment');

  if (consolidation.isPending) return <Spinner label={t`Loading the consolidation`} />;
  if (consolidation.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
        {errorMessage(consolidation.error)}
        <Button variant="secondary" size="sm" onClick={() => void consolidation.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  return <ConsolidationView detail={consolidation.data} mayWork={mayWork} mayOpenShipments={mayOpenShipments} />;
}

function ConsolidationView({ detail, mayWork, mayOpenShipments }: { detail: ConsolidationDetailDto; mayWork: boolean; mayOpenShipments: boolean }) {
  const { t, i18n } = useLingui();
  const carriers = useActiveCouriers(detail.type, mayWork);
  const move = useConsolidationMove(detail.tag);
  const consolidate = useConsolidateShipments();
  const confirm = useConfirmPackages(detail.tag);
  const [editing, setEditing] = useState<ConsolidationShipmentDto | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const next = NEXT_MOVE[detail.status];
  const open = detail.status !== 'completed';

  const run = async (work: () => Promise<unknown>, success?: string) => {
    try {
      await work();
      if (success) toast.success(success, { description: detail.tag });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const changeShipments = (action: 'add' | 'remove', trackingNumbers: string[]) =>
    run(async () => {
      const result = await consolidate.mutateAsync({ consolidationId: detail.id, action, trackingNumbers });
      setRefusals(result.refused.map((r) => `${r.trackingNumber}: ${r.reason}`));
      const count = result.done.length;
      if (count) {
        toast.success(
          action === 'add'
            ? t`Added ${plural(count, { one: '# shipment', other: '# shipments' })}`
            : t`Removed ${plural(count, { one: '# shipment', other: '# shipments' })}`,
        );
      }
    });
  const onScan = (trackingNumber: string, finding: PackageDeconsolidationStatus) =>
    detail.status === 'deconsolidating'
      ? run(
          () => confirm.mutateAsync({ packages: [{ trackingNumber, status: finding }] }),
          `${trackingNumber}: ${i18n._(PACKAGE_STATUS_NAMES[finding]).toLocaleLowerCase(i18n.locale)}`,
        )
      : changeShipments('add', [trackingNumber]);

  return (
    <div className="flex flex-col gap-6">
      <Link to="/consolidations" className="inline-flex items-center gap-1 text-sm text-teal-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        <Trans>Consolidations</Trans>
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-mono text-2xl font-semibold text-slate-900">{detail.tag}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <ConsolidationStatusBadge status={detail.status} />
            <span>
              {detail.senderAirport} ({airportName(detail.senderAirport)}) → {detail.receiverAirport} ({airportName(detail.receiverAirport)}) ·{' '}
              {detail.type === 'sea' ? <Trans>Sea cargo</Trans> : <Trans>Air cargo</Trans>}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-600 tabular-nums">
            <Plural value={detail.shipmentCount} one="# shipment" other="# shipments" /> · <Plural value={detail.totalPieces} one="# piece" other="# pieces" />{' '}
            · {kgText(detail.totalWeightInGrams)}
            {detail.status === 'deconsolidating' ? <ConfirmedCount confirmed={detail.confirmedCount} total={detail.shipmentCount} /> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={manifestUrl(detail.id)} target="_blank" rel="noreferrer" className={buttonClasses('secondary')}>
            <FileText className="h-4 w-4" aria-hidden="true" />
            <Trans>Manifest (PDF)</Trans>
          </a>
          {mayWork && next ? (
            <Button loading={move.isPending} onClick={() => void run(() => move.mutateAsync(next.move), i18n._(next.done))}>
              {i18n._(next.label)}
            </Button>
          ) : null}
        </div>
      </div>

      {mayWork && open ? <CarrierForm detail={detail} carriers={carriers.data ?? []} /> : <CarrierLine detail={detail} />}

      {mayWork && (detail.status === 'pending' || detail.status === 'deconsolidating') ? (
        <ScanBox
          label={detail.status === 'pending' ? t`Add a shipment waiting at the origin hub` : t`Confirm a package at the destination`}
          withFinding={detail.status === 'deconsolidating'}
          pending={consolidate.isPending || confirm.isPending}
          onScan={onScan}
        />
      ) : null}
      {refusals.length ? (
        <ul role="alert" className="list-disc rounded-lg bg-amber-50 py-3 pr-4 pl-8 text-sm text-amber-900">
          {refusals.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}

      <Card>
        <CardTitle>
          <Trans>Shipments</Trans>
        </CardTitle>
        {detail.shipments.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            <Trans>No shipment yet: scan or add the ones waiting below.</Trans>
          </p>
        ) : (
          <div className="relative mt-3 overflow-x-auto" /* relative: the header's sr-only label must not escape the scroller */>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                <Trans>Shipments in {detail.tag}</Trans>
              </caption>
              <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    <Trans>Tracking number</Trans>
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <Trans>Receiver</Trans>
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    <Trans>Pieces · weight</Trans>
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <Trans>Transport</Trans>
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <Trans>Package</Trans>
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {detail.shipments.map((line) => (
                  <tr key={line.shipmentId}>
                    <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap text-slate-900">
                      {mayOpenShipments ? (
                        <Link to="/shipments/$trackingNumber" params={{ trackingNumber: line.trackingNumber }} className="hover:underline">
                          {line.trackingNumber}
                        </Link>
                      ) : (
                        line.trackingNumber
                      )}
                      <p className="font-sans text-xs font-normal text-slate-500">{i18n._(DELIVERY_STATUS_LABELS[line.deliveryStatus])}</p>
                    </th>
                    <td className="px-3 py-2">
                      {line.receiverName}
                      <p className="text-xs text-slate-500">{line.receiverCityLabel}</p>
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {line.pieces} · {kgText(line.weightInGrams)}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      <TransportText line={line} detail={detail} />
                      {line.departureAt ? <p className="text-slate-500">{t`Departs ${formatDateTime(line.departureAt)}`}</p> : null}
                    </td>
                    <td className="px-3 py-2">{line.packageStatus ? i18n._(PACKAGE_STATUS_NAMES[line.packageStatus]) : '—'}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {mayWork && open ? (
                        <Button variant="secondary" size="sm" onClick={() => setEditing(line)} aria-label={t`Transport details of ${line.trackingNumber}`}>
                          <Trans>Transport</Trans>
                        </Button>
                      ) : null}
                      {mayWork && detail.status === 'pending' ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          className="ml-1"
                          onClick={() => void changeShipments('remove', [line.trackingNumber])}
                          aria-label={t`Remove ${line.trackingNumber}`}
                        >
                          <Trans>Remove</Trans>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {detail.status === 'pending' && mayWork ? (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>
              <Trans>
                Waiting at the {detail.senderAirport} hub for {detail.receiverAirport}
              </Trans>
            </CardTitle>
            {detail.waiting.length ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  void changeShipments(
                    'add',
                    detail.waiting.map((w) => w.trackingNumber),
                  )
                }
              >
                <Trans>Add all ({detail.waiting.length})</Trans>
              </Button>
            ) : null}
          </div>
          {detail.waiting.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">
              <Trans>Nothing else is waiting for this route.</Trans>
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {detail.waiting.map((w) => (
                <li key={w.shipmentId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span>
                    <span className="font-mono font-medium">{w.trackingNumber}</span> · {w.receiverName}, {w.receiverCityLabel} · {t`${w.pieces} pcs`} ·{' '}
                    {kgText(w.weightInGrams)}
                  </span>
                  <Button variant="secondary" size="sm" onClick={() => void changeShipments('add', [w.trackingNumber])} aria-label={t`Add ${w.trackingNumber}`}>
                    <Trans>Add</Trans>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {editing ? <TransportDetailsModal line={editing} carriers={carriers.data ?? []} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/**
 * A shipment's transport: its own flight when one was entered, else the consolidation's carrier and master
 * air waybill it travels under (every shipment of a sealed consolidation flew with it), else not set.
 */
export function TransportText({ line, detail }: { line: ConsolidationShipmentDto; detail: Pick<ConsolidationDetailDto, 'courier' | 'masterAwbNumber'> }) {
  if (line.flightNumber) return <>{`${line.carrier?.name ?? detail.courier?.name ?? ''} ${line.flightNumber}`.trim()}</>;
  const carrier = line.carrier ?? detail.courier;
  if (!carrier) return <Trans>Not set</Trans>;
  return (
    <>
      {carrier.name}
      {detail.masterAwbNumber ? <span className="block font-mono text-slate-500">{`MAWB ${detail.masterAwbNumber}`}</span> : null}
    </>
  );
}

function CarrierLine({ detail }: { detail: ConsolidationDetailDto }) {
  const { t } = useLingui();
  const carrier = detail.courier?.name ?? t`not set`;
  const awb = detail.masterAwbNumber ?? t`not set`;
  return (
    <p className="text-sm text-slate-700">
      <Trans>
        Carrier: {carrier} · Master air waybill: <span className="font-mono">{awb}</span>
      </Trans>
    </p>
  );
}

/** The carrier and its master air waybill number: both needed before sealing. */
function CarrierForm({ detail, carriers }: { detail: ConsolidationDetailDto; carriers: { id: string; name: string }[] }) {
  const { t } = useLingui();
  const update = useUpdateConsolidation(detail.id);
  const [courierId, setCourierId] = useState(detail.courier?.id ?? '');
  const [awb, setAwb] = useState(detail.masterAwbNumber ?? '');
  const save = async () => {
    try {
      await update.mutateAsync({ courierId: courierId || null, masterAwbNumber: awb || null });
      toast.success(t`Carrier saved`, { description: detail.tag });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <label className="flex min-w-[12rem] flex-col gap-1.5 text-sm font-medium text-slate-800">
        <span>
          <NeededToSeal>{t`Carrier`}</NeededToSeal>
        </span>
        <select value={courierId} onChange={(e) => setCourierId(e.target.value)} className={inputClasses}>
          <option value="">{t`Not set`}</option>
          {carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-[12rem] flex-col gap-1.5 text-sm font-medium text-slate-800">
        <span>
          <NeededToSeal>{t`Master air waybill (MAWB)`}</NeededToSeal>
        </span>
        <Input value={awb} onChange={(e) => setAwb(e.target.value)} autoComplete="off" className="font-mono uppercase" />
      </label>
      <Button variant="secondary" loading={update.isPending} onClick={() => void save()}>
        <Trans>Save carrier</Trans>
      </Button>
    </div>
  );
}

/** " · 3 of 5 confirmed" while a consolidation is deconsolidated. */
function ConfirmedCount({ confirmed, total }: { confirmed: number; total: number }) {
  return (
    <>
      {' · '}
      <Trans>
        {confirmed} of {total} confirmed
      </Trans>
    </>
  );
}
