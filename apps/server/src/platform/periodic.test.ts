import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

describe('periodic upkeep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job on its own interval, never two runs of one job at once, logs a failure and goes on', async () => {
    let release!: () => void;
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const failing = vi.fn(async () => {
      throw new Error('database away');
    });
    const log = { error: vi.fn() };
    const stop = startPeriodic(
      [
        { name: 'slow', everyMs: 100, run: slow },
        { name: 'failing', everyMs: 250, run: failing },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(350);
    // The slow job started at 100 ms and has not finished: the ticks at 200 and 300 ms skipped it.
    expect(slow).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'failing' }), 'periodic job failed');
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(slow).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(slow).toHaveBeenCalledTimes(2);
    expect(failing).toHaveBeenCalledTimes(1); // at 250 ms; stopped at 450, before its next turn
  });
});
