import type { Logger } from './logging';

/**
 * A background job that runs `run` every `everyMs` while the server is up, one run at a time
 * (a slow run delays the next instead of overlapping it), and whose stop() waits for a run in
 * flight, so a draining server never cuts a refund or a payout in half. Unref'd: it never keeps
 * a process (or a test) alive. A failed run is logged; the next one tries again.
 */
export function repeatEvery(name: string, everyMs: number, run: () => Promise<unknown>, logger: Pick<Logger, 'error'>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : run())).catch((error) => logger.error({ err: error }, `${name} run failed`));
  }, everyMs);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Runs fn over items with at most `lanes` calls in flight (calls to a provider, bounded). */
export async function inLanes<T>(items: T[], lanes: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
