import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../app-context.ts';
import type { BacktestJob, WorkerMessage } from './backtest-job.ts';
import { markDone, markFailed, markRunning, saveProgress } from './backtests.repository.ts';

/** Progress is written to the row at most this often. */
const PROGRESS_WRITE_MS = 250;
/** A run still going after this long is stopped and marked failed. */
const RUN_TIMEOUT_MS = 120_000;
const WORKER_URL = new URL('./backtest.worker.ts', import.meta.url);

/** Builds a run's job (bars and terms) when its turn comes; throws a user-facing message when it cannot. */
export type JobLoader = (id: number) => Promise<BacktestJob>;

/**
 * Runs queued backtests in worker threads, `concurrency` at a time, first come first served. Each
 * run's row moves queued → running → done | failed, with throttled progress in between.
 */
export class BacktestRunner {
  private readonly queue: number[] = [];
  private readonly workers = new Set<Worker>();
  private active = 0;
  private closed = false;
  private readonly ctx: AppContext;
  private readonly load: JobLoader;
  private readonly concurrency: number;

  constructor(ctx: AppContext, load: JobLoader, concurrency = 1) {
    this.ctx = ctx;
    this.load = load;
    this.concurrency = concurrency;
  }

  enqueue(id: number): void {
    this.queue.push(id);
    this.pump();
  }

  /** Stops every worker; their rows are failed at the next start (see `failUnfinished`). */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }

  private pump(): void {
    while (!this.closed && this.active < this.concurrency && this.queue.length) {
      const id = this.queue.shift()!;
      this.active++;
      this.runOne(id)
        .catch((err) => this.ctx.log.error({ err, backtest: id }, 'backtest failed'))
        .finally(() => {
          this.active--;
          this.pump();
        });
    }
  }

  private async runOne(id: number): Promise<void> {
    const { db } = this.ctx;
    await markRunning(db, id);
    let job: BacktestJob;
    try {
      job = await this.load(id);
    } catch (err) {
      return markFailed(db, id, err instanceof Error ? err.message : 'The backtest could not start.');
    }
    const outcome = await this.inWorker(id, job);
    if (this.closed) return;
    if (outcome.type === 'done') await markDone(db, id, outcome.report);
    else await markFailed(db, id, outcome.message);
  }

  /** Runs the job in a new worker; resolves with its report or a failure message, never rejects. */
  private inWorker(id: number, job: BacktestJob): Promise<Exclude<WorkerMessage, { type: 'progress' }>> {
    return new Promise((resolve) => {
      const worker = new Worker(WORKER_URL, { workerData: job, transferList: [job.packed.buffer as ArrayBuffer] });
      this.workers.add(worker);
      let settled = false;
      let lastWrite = 0;
      let writing: Promise<void> = Promise.resolve();
      const finish = (result: Exclude<WorkerMessage, { type: 'progress' }>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.workers.delete(worker);
        void worker.terminate();
        writing.then(() => resolve(result), () => resolve(result));
      };
      const timer = setTimeout(() => finish({ type: 'error', message: 'The backtest took too long and was stopped.' }), RUN_TIMEOUT_MS);
      worker.on('message', (m: WorkerMessage) => {
        if (m.type !== 'progress') return finish(m);
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS || m.percent >= 100) return;
        lastWrite = now;
        writing = writing.then(() => saveProgress(this.ctx.db, id, m.percent)).catch(() => {});
      });
      worker.on('error', (err) => finish({ type: 'error', message: `The backtest failed: ${err.message}` }));
      worker.on('exit', (code) => finish({ type: 'error', message: `The backtest stopped unexpectedly (exit code ${code}).` }));
    });
  }
}
