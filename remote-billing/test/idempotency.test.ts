import { describe, expect, it } from 'vitest';
import { idempotencyKeys, randomKey } from '../src/payment/idempotency';

describe('idempotency keys', () => {
  it('are version 4 UUIDs, also where crypto.randomUUID is missing (http intranet)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomKey()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, randomKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('keep the key for the same submission and make a new one for another', () => {
    let n = 0;
    const keys = idempotencyKeys(() => `key-${++n}`);
    expect(keys.keyFor({ lines: [1] })).toBe('key-1');
    expect(keys.keyFor({ lines: [1] })).toBe('key-1');
    expect(keys.keyFor({ lines: [2] })).toBe('key-2');
    expect(keys.keyFor({ lines: [2] })).toBe('key-2');
  });
});
