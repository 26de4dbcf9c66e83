/**
 * Runs jobs one after another per key (an account, a customer) and concurrently across keys, and
 * tells when every job has finished, including jobs queued by running ones. A failing job is logged
 * by `onError` and does not stop the jobs behind it.
 */
export class KeyedQueue {
  readonly #tails = new Map<number, Promise<void>>();
  readonly #onError: (error: unknown, key: number) => void;
  #running = 0;
  #idle: (() => void)[] = [];

  constructor(onError: (error: unknown, key: number) => void) {
    this.#onError = onError;
  }

  run(key: number, job: () => Promise<void>): void {
    this.#running++;
    const next = (this.#tails.get(key) ?? Promise.resolve())
      .then(job)
      .catch((error: unknown) => this.#onError(error, key))
      .finally(() => {
        if (this.#tails.get(key) === next) this.#tails.delete(key);
        if (--this.#running === 0) for (const resolve of this.#idle.splice(0)) resolve();
      });
    this.#tails.set(key, next);
  }

  /** Resolves once no job is queued or running. */
  idle(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}
