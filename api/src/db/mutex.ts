/** A minimal async mutex: callers run one at a time, in arrival order. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    // The next caller waits for this one whether it succeeds or fails.
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
