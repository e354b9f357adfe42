/**
 * Requests that would wait on the same rows wait here, in the process, holding no pooled connection
 * (api/README.md "Timeouts"). Without it, payments queued on one stalled bill or branch counter each held a
 * connection while PostgreSQL made them wait, and with the pool taken every other request of the instance
 * waited too. Each key lets `limit` holders in at a time, the others queue in arrival order until a deadline.
 */

/** A row (or group of rows) and how many requests of this instance may wait on it in PostgreSQL at once. */
export interface GateKey {
  key: string;
  limit: number;
}

/**
 * The gate's deadline passed: answered like PostgreSQL's own lock timeout (SQLSTATE 55P03), so it is the same
 * 503 with Retry-After (ops/unavailable.ts) and the client tries again with the same Idempotency-Key.
 */
export class GateTimeout extends Error {
  readonly code = '55P03';
  constructor(key: string) {
    super(`waited too long for ${key}`);
  }
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  holders: number;
  queue: Waiter[];
}

export class KeyedGate {
  readonly #slots = new Map<string, Slot>();

  /**
   * Runs `fn` once every key admits it (taken in the order given: callers give keys in one global order, so two
   * requests never hold one key each while waiting for the other's). `fn` learns whether it waited; a key not
   * free by `deadline` (ms since the epoch) rejects with GateTimeout and gives back the keys already taken.
   */
  async run<T>(keys: readonly GateKey[], deadline: number, fn: (waited: boolean) => Promise<T>): Promise<T> {
    const taken: string[] = [];
    let waited = false;
    try {
      for (const { key, limit } of keys) {
        if (!this.#tryEnter(key, limit)) {
          waited = true;
          await this.#wait(key, deadline);
        }
        taken.push(key);
      }
      return await fn(waited);
    } finally {
      for (const key of taken.reverse()) this.#leave(key);
    }
  }

  /** Requests holding or waiting for `key` (for tests and the load benchmark). */
  load(key: string): { holders: number; waiting: number } {
    const slot = this.#slots.get(key);
    return { holders: slot?.holders ?? 0, waiting: slot?.queue.length ?? 0 };
  }

  #tryEnter(key: string, limit: number): boolean {
    const slot = this.#slots.get(key) ?? { holders: 0, queue: [] };
    this.#slots.set(key, slot);
    if (slot.holders >= limit || slot.queue.length > 0) return false;
    slot.holders += 1;
    return true;
  }

  #wait(key: string, deadline: number): Promise<void> {
    const slot = this.#slots.get(key) as Slot;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // A leaving holder hands its place over: `holders` stays as it is.
        admit: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(
          () => {
            slot.queue.splice(slot.queue.indexOf(waiter), 1);
            this.#forget(key, slot);
            reject(new GateTimeout(key));
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      slot.queue.push(waiter);
    });
  }

  #leave(key: string): void {
    const slot = this.#slots.get(key);
    if (!slot) return;
    const next = slot.queue.shift();
    if (next) {
      next.admit();
      return;
    }
    slot.holders -= 1;
    this.#forget(key, slot);
  }

  #forget(key: string, slot: Slot): void {
    if (slot.holders === 0 && slot.queue.length === 0) this.#slots.delete(key);
  }
}
