import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ScanLine } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAssignments } from '../api/rider-shipments';
import { useMe } from '../api/use-me';
import { BigButton } from '../components/big-button';
import { RiderStatsCard } from '../components/rider-stats-card';
import { ScanPanel } from '../components/scan-panel';
import { TaskCard } from '../components/task-card';
import { useOutbox } from '../lib/rider-outbox';
import { riderWorklist, type RiderTask } from '../lib/tasks';

function TaskList({ id: list, title, tasks, empty }: { id: string; title: string; tasks: RiderTask[]; empty: string }) {
  const id = `${list}-title`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-bold">
        {title} ({tasks.length})
      </h2>
      {tasks.length === 0 ? <p className="rounded-xl bg-white p-3 text-lg">{empty}</p> : null}
      <ol className="flex flex-col gap-3">
        {tasks.map((task) => (
          <TaskCard key={`${task.leg}-${task.shipment.id}`} task={task} />
        ))}
      </ol>
    </section>
  );
}

/** /rider: the day's stats, scan-to-find, then today's pickups and deliveries in route order. */
export function RiderHomePage() {
  const { t } = useLingui();
  const me = useMe();
  const assignments = useAssignments();
  const items = useOutbox();
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const work = useMemo(() => (me.data && assignments.data ? riderWorklist(assignments.data, me.data.id, items) : null), [me.data, assignments.data, items]);

  return (
    <>
      <RiderStatsCard />
      <BigButton onClick={() => setScanning(true)}>
        <ScanLine className="h-6 w-6" aria-hidden="true" /> <Trans>Scan a waybill</Trans>
      </BigButton>
      {scanning ? (
        <ScanPanel
          onClose={() => setScanning(false)}
          onFound={(trackingNumber) => {
            setScanning(false);
            void navigate({ to: '/rider/shipments/$trackingNumber', params: { trackingNumber } });
          }}
        />
      ) : null}
      {assignments.isError && !assignments.data ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-white p-3 text-lg">
          <Trans>Your list could not be loaded. It will load when the signal is back.</Trans>
        </p>
      ) : null}
      {work ? (
        <>
          <TaskList id="pickups" title={t`Pickups`} tasks={work.pickups} empty={t`No pickups for today.`} />
          <TaskList id="deliveries" title={t`Deliveries`} tasks={work.deliveries} empty={t`No deliveries right now.`} />
          {work.laterPickups.length > 0 ? <TaskList id="later-pickups" title={t`Later pickups`} tasks={work.laterPickups} empty="" /> : null}
        </>
      ) : null}
    </>
  );
}
