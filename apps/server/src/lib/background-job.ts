import type { AppContext } from '../app-context.ts';

/**
 * Runs `work` every `everyMs` on this node, never two runs at once (a slow run makes the next tick
 * skip), logging a failure instead of stopping; stopped on shutdown.
 */
export function runEvery(ctx: AppContext, everyMs: number, name: string, work: () => Promise<unknown>): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => ctx.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
