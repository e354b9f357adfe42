import { describe, expect, it } from 'vitest';
import { changeGiven, receiptLineChecked } from '../src/contract';

describe('receiptLineChecked: the receipt line marker (docs/screens.md)', () => {
  it.each([
    [1, 100, true],
    [100, 0, true],
    [0, 0, true],
    [0, 1, false],
    [0, 450_000, false],
  ])('paid now %i, item still due %i -> %s', (paid, due, checked) => {
    expect(receiptLineChecked(paid, due)).toBe(checked);
  });
});

describe('changeGiven: Kembali', () => {
  it('is what was handed over beyond the total, never negative', () => {
    expect(changeGiven(525_000, 600_000)).toBe(75_000);
    expect(changeGiven(525_000, 525_000)).toBe(0);
    expect(changeGiven(525_000, 500_000)).toBe(0);
  });
});
