/** The in-process gate in front of contended rows (db/gate.ts): limits, arrival order, deadlines. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GateTimeout, KeyedGate } from '../src/db/gate';
import { isDatabaseUnavailable } from '../src/ops/unavailable';

/** A promise the test settles by hand: a transaction that holds its rows until told. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

describe('KeyedGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const far = () => Date.now() + 60_000;

  it('lets `limit` holders in at once and the others in arrival order', async () => {
    const gate = new KeyedGate();
    const order: string[] = [];
    const first = held();
    const second = held();
    const run = (name: string, until: Promise<void>) =>
      gate.run([{ key: 'counter', limit: 2 }], far(), async (waited) => {
        order.push(`${name}${waited ? ' (waited)' : ''}`);
        await until;
      });
    const a = run('a', first.done);
    const b = run('b', second.done);
    const c = run('c', Promise.resolve());
    const d = run('d', Promise.resolve());
    await vi.waitFor(() => expect(order).toEqual(['a', 'b']));
    expect(gate.load('counter')).toEqual({ holders: 2, waiting: 2 });
    second.release();
    await b;
    await vi.waitFor(() => expect(order).toEqual(['a', 'b', 'c (waited)', 'd (waited)']));
    first.release();
    await Promise.all([a, c, d]);
    expect(gate.load('counter')).toEqual({ holders: 0, waiting: 0 });
  });

  it('refuses at the deadline, gives back the keys it took, and lets the next one in', async () => {
    const gate = new KeyedGate();
    const stalled = held();
    const holder = gate.run([{ key: 'bill:1', limit: 1 }], far(), () => stalled.done);
    const late = gate.run(
      [
        { key: 'bill:2', limit: 1 },
        { key: 'bill:1', limit: 1 },
      ],
      Date.now() + 5_000,
      async () => 'paid',
    );
    const refused = expect(late).rejects.toBeInstanceOf(GateTimeout);
    await vi.advanceTimersByTimeAsync(5_000);
    await refused;
    expect(gate.load('bill:2')).toEqual({ holders: 0, waiting: 0 });
    expect(gate.load('bill:1')).toEqual({ holders: 1, waiting: 0 });
    stalled.release();
    await holder;
    await expect(gate.run([{ key: 'bill:1', limit: 1 }], far(), async () => 'paid')).resolves.toBe('paid');
  });

  it('frees its keys when the work fails', async () => {
    const gate = new KeyedGate();
    await expect(
      gate.run([{ key: 'bill:3', limit: 1 }], far(), async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(gate.load('bill:3')).toEqual({ holders: 0, waiting: 0 });
  });

  it('answers like a lock timeout, so the request is a 503 the client retries', () => {
    expect(isDatabaseUnavailable(new GateTimeout('bill:1'))).toBe(true);
  });
});
