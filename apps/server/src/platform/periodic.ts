/**
 * Upkeep that each server process runs on a timer (the payment expiry sweep, the outbox purge). Every job is
 * idempotent, so N processes may run it side by side; a failed run is logged and the next one tries again.
 */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export function startPeriodic(jobs: PeriodicJob[], log: { error(obj: object, msg: string): void }): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return; // a slow run is not stacked on by the next tick
      running = true;
      job
        .run()
        .catch((err: unknown) => log.error({ err, job: job.name }, 'periodic job failed'))
        .finally(() => {
          running = false;
        });
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
