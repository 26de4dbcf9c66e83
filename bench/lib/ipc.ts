// A small request/response layer over a child process's IPC channel, for the benchmarks.
import type { ChildProcess } from 'node:child_process';

type Request = { id: number; type: string; payload: unknown };
type Reply = { id: number; result?: unknown; error?: string };

/** Calls `type` in the child and resolves with its result. */
export function rpc(child: ChildProcess) {
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (raw) => {
    const reply = raw as Reply;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.result);
  });
  return <T>(type: string, payload: unknown = null): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, type, payload } satisfies Request);
    });
}

/** Serves requests from the parent with `handlers`. */
export function serve(handlers: Record<string, (payload: never) => unknown>): void {
  process.on('message', async (raw) => {
    const req = raw as Request;
    try {
      const result = await handlers[req.type]!(req.payload as never);
      process.send!({ id: req.id, result } satisfies Reply);
    } catch (err) {
      process.send!({ id: req.id, error: (err as Error).stack ?? String(err) } satisfies Reply);
    }
  });
}

/** Wall-clock time in milliseconds with sub-millisecond resolution, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();
