import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateOldestFirst } from '../src/contract';

const dues = [
  { id: 1, due: 450_000 },
  { id: 2, due: 75_000 },
  { id: 3, due: 350_000 },
];

describe('allocateOldestFirst', () => {
  it('short money: the oldest lines in full, the next in part, the rest 0', () => {
    expect(allocateOldestFirst(dues, 500_000)).toEqual([
      { id: 1, payment_amount: 450_000 },
      { id: 2, payment_amount: 50_000 },
      { id: 3, payment_amount: 0 },
    ]);
  });

  it('exact and over: every line in full, never more than is due', () => {
    const full = dues.map(({ id, due }) => ({ id, payment_amount: due }));
    expect(allocateOldestFirst(dues, 875_000)).toEqual(full);
    expect(allocateOldestFirst(dues, 2_000_000)).toEqual(full);
  });

  it('no money or negative: nothing paid', () => {
    expect(allocateOldestFirst(dues, 0).every((l) => l.payment_amount === 0)).toBe(true);
    expect(allocateOldestFirst(dues, -5).every((l) => l.payment_amount === 0)).toBe(true);
  });

  it('always: pays min(money, total due), each within its due, full lines before the partial one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 500_000_000 }),
        (amounts, money) => {
          const lines = amounts.map((due, i) => ({ id: i + 1, due }));
          const paid = allocateOldestFirst(lines, money);
          const total = amounts.reduce((a, b) => a + b, 0);
          expect(paid.reduce((sum, l) => sum + l.payment_amount, 0)).toBe(Math.min(money, total));
          paid.forEach((line, i) => {
            expect(line.payment_amount).toBeGreaterThanOrEqual(0);
            expect(line.payment_amount).toBeLessThanOrEqual(amounts[i] as number);
          });
          const firstShort = paid.findIndex((l, i) => l.payment_amount < (amounts[i] as number));
          if (firstShort >= 0)
            expect(paid.slice(firstShort + 1).every((l) => l.payment_amount === 0)).toBe(true);
        },
      ),
    );
  });
});
