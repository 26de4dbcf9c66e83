import type { AppContext } from '../app-context.ts';

/**
 * Runs `work` every `everyMs` on this node, never two runs at once (a slow run makes the next tick
 * skip), logging a failure instead of stopping; on shutdown the timer stops and a run in progress
 * finishes before the database closes.
 */
export function runEvery(ctx: AppContext, everyMs: number, name: string, work: () => Promise<unknown>): void {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .then(
        () => undefined,
        (error: unknown) => ctx.log.error({ err: error }, `${name} failed`),
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    await running;
  });
}
