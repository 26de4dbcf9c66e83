import type { AppContext } from '../app-context.ts';
import { claimJobRun, type Fence, finishJobRun } from '../workers/lease.repository.ts';
import { workerFence } from '../workers/worker-role.ts';

/**
 * Runs `work` every `everyMs` on this node (and once at once with `atStart`), never two runs at
 * once (a slow run makes the next tick skip), logging a failure instead of stopping; on shutdown the
 * timer stops and a run in progress finishes before the database closes.
 *
 * Started as a singleton (the node holds the worker lease), each run first records itself in
 * `worker_job_runs` under the lease's fencing token, and does not run if that token is no longer
 * the lease's: a holder that lost the lease without noticing yet starts nothing.
 */
export function runEvery(ctx: AppContext, everyMs: number, name: string, work: () => Promise<unknown>, opts: { atStart?: boolean } = {}): void {
  let running: Promise<void> | null = null;
  const fence = workerFence(ctx);
  const run = () => {
    if (running) return;
    const end = ctx.metrics.jobDuration.startTimer({ job: name });
    running = fenced(ctx, name, fence, work)
      .then(
        (outcome) => void ctx.metrics.jobRuns.inc({ job: name, outcome }),
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

/** Runs `work` if `fence` (when there is one) still holds the lease, recording the run; 'fenced' when it did not run. */
async function fenced(ctx: AppContext, name: string, fence: Fence | null, work: () => Promise<unknown>): Promise<'done' | 'fenced'> {
  if (!fence) {
    await work();
    return 'done';
  }
  if (!(await claimJobRun(ctx.db, name, fence))) {
    ctx.log.warn({ job: name, token: fence.token }, `${name} not run: this node no longer holds the worker lease`);
    return 'fenced';
  }
  try {
    await work();
  } catch (error) {
    await finishJobRun(ctx.db, name, fence, 'failed').catch(() => {});
    throw error;
  }
  await finishJobRun(ctx.db, name, fence, 'done');
  return 'done';
}
