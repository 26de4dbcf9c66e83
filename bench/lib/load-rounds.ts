import { fork } from 'node:child_process';
import type { LoadSpec } from './order-load.ts';
import type { SqlLoadSpec } from './sql-order-load.ts';

/** What a load generator reports of one round. */
export type Load = { requests: number; rps: number; p50Ms: number; p99Ms: number; maxMs: number; non2xx: number; errors: number; timeouts: number };

/** Runs one round of a load generator (`script`, relative to bench/lib) in a process of its own, so its work does not slow the server's. */
export function runLoad(spec: LoadSpec | SqlLoadSpec, script = './order-load.ts'): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(script, import.meta.url), [JSON.stringify(spec)]);
    child.once('message', (figures) => resolve(figures as Load));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
  });
}

/** Several rounds of one load as one: requests and errors summed, the mean rate, the median p50 and the worst p99 and max. */
export function combined(rounds: Load[]): Load {
  const sum = (f: (l: Load) => number) => rounds.reduce((n, l) => n + f(l), 0);
  const p50s = rounds.map((l) => l.p50Ms).sort((a, b) => a - b);
  return {
    requests: sum((l) => l.requests),
    rps: Number((sum((l) => l.rps) / rounds.length).toFixed(1)),
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...rounds.map((l) => l.p99Ms)),
    maxMs: Math.max(...rounds.map((l) => l.maxMs)),
    non2xx: sum((l) => l.non2xx),
    errors: sum((l) => l.errors),
    timeouts: sum((l) => l.timeouts),
  };
}
