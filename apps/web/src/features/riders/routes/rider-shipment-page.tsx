import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { findActivityStatus, PROOF_FOR_ACTIVITY, type ActivityName, type ShipmentDto } from '@hatid/domain';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAssignments, useRiderShipment, useShipmentActivities } from '../api/rider-shipments';
import { useMe } from '../api/use-me';
import { BigButton } from '../components/big-button';
import { MoveForm, type MoveDraft } from '../components/move-form';
import { TaskCard } from '../components/task-card';
import { DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';
import { activityLabel, PAYMENT_STATUS_LABELS } from '../lib/labels';
import type { OutboxItem } from '../lib/outbox';
import { riderOutbox, useOnline, useOutbox } from '../lib/rider-outbox';
import { taskFor, type RiderTask } from '../lib/tasks';

const route = getRouteApi('/rider-app/rider/shipments/$trackingNumber');

/** The last activity that set a delivery status (the failed-delivery chain depends on it). */
function lastStatusActivity(activities: { name: string; deliveryStatus: string | null; customStatusName: string | null }[] | undefined) {
  const moves = (activities ?? []).filter((a) => a.deliveryStatus !== null && !a.customStatusName && findActivityStatus(a.name));
  return moves.at(-1)?.name ?? null;
}

/** The actions of one step, in the order they are sent: the move, its photo, the cash. All share the phone's time. */
export function actionsFor(task: RiderTask, activity: ActivityName, draft: MoveDraft, at = new Date()): Omit<OutboxItem, 'state' | 'attempts'>[] {
  const trackingNumber = task.shipment.trackingNumber;
  const stamp = at.toISOString();
  const items: Omit<OutboxItem, 'state' | 'attempts'>[] = [
    {
      id: crypto.randomUUID(),
      kind: 'move',
      trackingNumber,
      at: stamp,
      move: {
        activity,
        ...(draft.reason ? { reason: draft.reason } : {}),
        ...(draft.note ? { note: draft.note } : {}),
        ...(draft.receivedBy ? { receivedBy: draft.receivedBy } : {}),
      },
    },
  ];
  const proof = PROOF_FOR_ACTIVITY[activity];
  if (proof && draft.photo) items.push({ id: crypto.randomUUID(), kind: 'photo', trackingNumber, at: stamp, photo: { type: proof, blob: draft.photo } });
  if (draft.cashInCents > 0) {
    const cash = { shipmentId: task.shipment.id, amountInCents: draft.cashInCents, ...(draft.shortReason ? { shortReason: draft.shortReason } : {}) };
    items.push({ id: crypto.randomUUID(), kind: 'cash', trackingNumber, at: stamp, cash });
  }
  return items;
}

/** One shipment in the rider app: its stop, and only the next moves the rider may make on it. */
export function RiderShipmentPage() {
  const { t, i18n } = useLingui();
  const { trackingNumber } = route.useParams();
  const me = useMe();
  const assignments = useAssignments();
  const fromList = assignments.data?.find((s) => s.trackingNumber === trackingNumber);
  const fetched = useRiderShipment(trackingNumber);
  // Offline, the shipment opened earlier in the day is still cached; the day's list may have been refreshed
  // since (staff moved it to the destination hub), so the newer of the two copies is the one to act on.
  const listIsNewer = fromList !== undefined && (!fetched.data || fromList.updatedAt > fetched.data.updatedAt);
  const shipment: ShipmentDto | undefined = listIsNewer ? fromList : fetched.data;
  const activities = useShipmentActivities(trackingNumber);
  // The activities tell failed-delivery chains apart; a copy older than the shipment shown would mislead.
  const shownAt = listIsNewer ? assignments.dataUpdatedAt : fetched.dataUpdatedAt;
  const lastActivity = activities.dataUpdatedAt >= shownAt ? lastStatusActivity(activities.data) : null;
  const items = useOutbox();
  const online = useOnline();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<{ task: RiderTask; activity: ActivityName } | null>(null);

  const tasks = useMemo(() => (shipment && me.data ? taskFor(shipment, me.data.id, items, lastActivity) : []), [shipment, me.data, items, lastActivity]);

  const back = (
    <Link to="/rider" className="flex h-12 items-center gap-2 text-lg font-semibold underline">
      <ArrowLeft className="h-5 w-5" aria-hidden="true" /> <Trans>My list</Trans>
    </Link>
  );

  if (!shipment) {
    return (
      <>
        {back}
        <p role={fetched.isError ? 'alert' : 'status'} className="rounded-xl bg-white p-3 text-lg">
          {fetched.isError ? <Trans>{trackingNumber} is not one of your shipments.</Trans> : <Trans>Opening {trackingNumber}…</Trans>}
        </p>
      </>
    );
  }

  const save = async (task: RiderTask, activity: ActivityName, draft: MoveDraft) => {
    await riderOutbox().enqueue(actionsFor(task, activity, draft));
    const name = activityLabel(i18n, activity);
    toast.success(online ? t`${name}: sending now` : t`${name}: saved on the phone, will send when there is signal`);
    setChosen(null);
    await navigate({ to: '/rider' });
  };

  const status = i18n._(DELIVERY_STATUS_LABELS[shipment.deliveryStatus]);
  const pieces = shipment.packages.reduce((n, p) => n + p.quantity, 0);
  const total = formatMoney(shipment.totalInCents);
  const payment = i18n._(PAYMENT_STATUS_LABELS[shipment.paymentStatus]);
  const notes = shipment.notes;

  return (
    <>
      {back}
      <h1 className="font-mono text-2xl font-bold">{shipment.trackingNumber}</h1>
      {tasks.length === 0 ? (
        <p className="rounded-xl bg-white p-3 text-lg">
          <Trans>{status}: nothing for you to do on this shipment now.</Trans>
        </p>
      ) : null}
      {tasks.map((task) => (
        <section key={task.leg} aria-label={task.leg === 'pickup' ? t`Pickup` : t`Delivery`} className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">{task.leg === 'pickup' ? <Trans>Pickup</Trans> : <Trans>Delivery</Trans>}</h2>
          <ul>
            <TaskCard task={task} />
          </ul>
          {notes ? (
            <p className="rounded-xl bg-white p-3 text-lg break-words">
              <Trans>Note from the sender: {notes}</Trans>
            </p>
          ) : null}
          <p className="text-base">
            <Plural value={pieces} one="# package" other="# packages" /> · <Trans>Total {total}</Trans> · {payment}
          </p>
          {chosen?.task.leg === task.leg ? (
            <MoveForm task={task} activity={chosen.activity} onCancel={() => setChosen(null)} onSave={(draft) => save(task, chosen.activity, draft)} />
          ) : (
            <div className="flex flex-col gap-2">
              {task.nextMoves.map((activity) => (
                <BigButton key={activity} variant={activity.includes('failed') ? 'secondary' : 'primary'} onClick={() => setChosen({ task, activity })}>
                  {activityLabel(i18n, activity)}
                </BigButton>
              ))}
            </div>
          )}
        </section>
      ))}
    </>
  );
}
