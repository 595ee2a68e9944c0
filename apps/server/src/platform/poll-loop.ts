import type { FastifyBaseLogger } from 'fastify';

export interface PollLoop {
  /** Run again at once (new work was just written), instead of at the next poll. */
  kick(): void;
  start(): void;
  /** Stops polling; resolves once the pass under way has finished. */
  stop(): Promise<void>;
}

/**
 * A background loop that runs `runOnce` (one pass over waiting work, answering how many items it took) until
 * stopped: again at once after a full batch (more may be waiting) or a kick, otherwise after `pollMs`. A failed
 * pass is logged and the loop goes on. Shared by the outbox worker and the webhook dispatcher.
 */
export function pollLoop(options: {
  runOnce: () => Promise<number>;
  batchSize: number;
  pollMs: number;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** Logged with a failed pass: "<failure> failed". */
  failure: string;
}): PollLoop {
  const { runOnce, batchSize, pollMs, logger, failure } = options;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let kicked = false;

  async function run() {
    while (running) {
      kicked = false;
      let ran = 0;
      try {
        ran = await runOnce();
      } catch (err) {
        logger.error({ err }, `${failure} failed`);
      }
      if (ran < batchSize && running && !kicked) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    kick() {
      kicked = true;
      wake?.();
    },
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
