// Runs one backtest off the main thread: the job comes as workerData, progress and the report go
// back as messages. Loaded by path (Node runs the .ts directly), in the server and in tests alike.
import { parentPort, workerData } from 'node:worker_threads';
import { runBacktest, strategyFor } from '@bourse/domain';
import { noHistoryMessage, runBars } from './backtest-history.ts';
import { type BacktestJob, toReport, unpackBars, type WorkerMessage } from './backtest-job.ts';

const job = workerData as BacktestJob;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

function run(): WorkerMessage {
  const given = unpackBars(job.packed);
  const bars = job.history ? runBars(job.history, given, job.history.last) : given;
  if (bars.length < 2) return { type: 'error', message: job.history ? noHistoryMessage(job.history.inst) : 'There are no bars to run on.' };
  const result = runBacktest({
    strategy: strategyFor(job.strategy),
    params: job.params,
    bars,
    ...job.terms,
    progressEvery: Math.max(1_000, Math.floor(bars.length / 100)),
    onProgress: (done, total) => post({ type: 'progress', percent: Math.floor((done / total) * 100) }),
  });
  return { type: 'done', report: toReport(result) };
}

try {
  post(run());
} catch (err) {
  post({ type: 'error', message: `The backtest failed: ${err instanceof Error ? err.message : String(err)}` });
}
