import type { CDPSession, Page } from '@playwright/test';

const FRAME_MS = 1000 / 60;

export type FrameFigures = {
  frames: number;
  droppedFramesPct: number;
  frameIntervalP95Ms: number;
  longTasks: number;
  longestTaskMs: number;
};

/** Dropped frames: 60 Hz frames the run should have had minus those painted, as a share of the first. */
export function frameFigures(raw: { frames: number[]; longTasks: number[] }): FrameFigures {
  const f = raw.frames;
  const intervals = f.slice(1).map((t, i) => t - f[i]!);
  const expected = f.length > 1 ? (f.at(-1)! - f[0]!) / FRAME_MS : 0;
  const painted = Math.max(0, f.length - 1);
  return {
    frames: f.length,
    droppedFramesPct: round(expected ? (Math.max(0, expected - painted) / expected) * 100 : 0),
    frameIntervalP95Ms: round(percentile(intervals, 95)),
    longTasks: raw.longTasks.length,
    longestTaskMs: round(raw.longTasks.reduce((m, v) => Math.max(m, v), 0)),
  };
}

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };

/** Starts a Chrome trace of top-level tasks (every task the renderer's main thread runs). */
export async function startTrace(cdp: CDPSession) {
  await cdp.send('Tracing.start', { categories: 'toplevel,__metadata', transferMode: 'ReturnAsStream' });
}

/** Ends the trace and returns its events. */
export async function endTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)));
  await cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/**
 * Main-thread work per frame: the renderer main thread's top-level task time falling in each
 * 16.7 ms slot of the run (tasks split across slot boundaries), as p50/p95/max. `wall` counts
 * elapsed time (what the page feels, including time the OS gave the CPU to other processes);
 * `cpu` counts the thread's own CPU time (tdur), which other load on the machine does not inflate.
 */
export function mainThreadPerFrame(events: TraceEvent[]) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter((e) => e.ph === 'X' && e.cat.includes('toplevel') && /RunTask$/.test(e.name) && e.dur !== undefined && e.dur > 0);
  let best: TraceEvent[] = [];
  for (const m of mains) {
    const mine = tasks.filter((t) => t.pid === m.pid && t.tid === m.tid);
    if (sum(mine, 'dur') > sum(best, 'dur')) best = mine;
  }
  if (best.length === 0) return null;
  const start = best.reduce((m, t) => Math.min(m, t.ts), Infinity);
  const end = best.reduce((m, t) => Math.max(m, t.ts + t.dur!), 0);
  const slot = FRAME_MS * 1000;
  const wall = new Float64Array(Math.ceil((end - start) / slot) + 1);
  const cpu = new Float64Array(wall.length);
  for (const t of best) {
    // Whole slots by index, so float rounding can never stall the walk.
    const from = t.ts - start;
    const to = from + t.dur!;
    const cpuShare = (t.tdur ?? t.dur!) / t.dur!;
    for (let i = Math.floor(from / slot); i * slot < to && i < wall.length; i++) {
      const part = Math.min(to, (i + 1) * slot) - Math.max(from, i * slot);
      wall[i]! += part;
      cpu[i]! += part * cpuShare;
    }
  }
  const stats = (slots: Float64Array) => {
    const ms = Array.from(slots, (us) => us / 1000);
    return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), max: round(ms.reduce((m, v) => Math.max(m, v), 0)) };
  };
  return {
    wall: stats(wall),
    cpu: stats(cpu),
    busyPctWall: round((sum(best, 'dur') / (end - start)) * 100),
    busyPctCpu: round((sum(best, 'tdur') / (end - start)) * 100),
  };
}

const sum = (tasks: TraceEvent[], key: 'dur' | 'tdur') => tasks.reduce((s, t) => s + (t[key] ?? t.dur ?? 0), 0);
const round = (n: number) => Math.round(n * 100) / 100;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Records frames (bench/browser/frame-collector.ts) and a trace while `run` runs. */
export async function measure(page: Page, run: () => Promise<void>) {
  const step = (s: string) => process.env.BENCH_DEBUG && console.error(`[measure] ${s}`);
  const cdp = await page.context().newCDPSession(page);
  step('cdp');
  await startTrace(cdp);
  step('tracing');
  await page.evaluate(() => (globalThis as unknown as { __benchStats: { start(): void } }).__benchStats.start());
  step('recording');
  await run();
  step('ran');
  const raw = await page.evaluate(() => (globalThis as unknown as { __benchStats: { stop(): { frames: number[]; longTasks: number[] } } }).__benchStats.stop());
  step('stats');
  const events = await endTrace(cdp);
  step('trace');
  await cdp.detach();
  const perFrame = mainThreadPerFrame(events);
  step('analysed');
  return { ...frameFigures(raw), mainThreadPerFrameMs: perFrame };
}
