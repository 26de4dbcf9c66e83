import type { AppContext } from '../app-context.ts';

/**
 * Runs `work` every `everyMs` on this node (and once at once with `atStart`), never two runs at
 * once (a slow run makes the next tick skip), logging a failure instead of stopping; on shutdown the
 * timer stops and a run in progress finishes before the database closes.
 */
export function runEvery(ctx: AppContext, everyMs: number, name: string, work: () => Promise<unknown>, opts: { atStart?: boolean } = {}): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const end = ctx.metrics.jobDuration.startTimer({ job: name });
    running = work()
      .then(
        () => void ctx.metrics.jobRuns.inc({ job: name, outcome: 'done' }),
        (error: unknown) => {
          ctx.metrics.jobRuns.inc({ job: name, outcome: 'failed' });
          ctx.log.error({ err: error }, `${name} failed`);
        },
      )
      .finally(() => {
        end();
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  if (opts.atStart) run();
  ctx.onClose(async () => {
    clearInterval(timer);
    await running;
  });
}
