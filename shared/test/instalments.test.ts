import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  allocateInstalments,
  INSTALMENT_MESSAGES,
  InstalmentPlanSaveSchema,
  instalmentsDueDate,
  instalmentsName,
  instalmentsPaid,
  owingBy,
  replanInstalments,
  shareAmounts,
  sharesProblem,
  splitByPercent,
} from '../src/contract';

const pct = (percent: number, due_date: string) => ({ percent, amount: null, due_date });

describe('splitByPercent', () => {
  it('whole rupiah, each rounded down, the last takes the remainder', () => {
    expect(splitByPercent(7_500_001, [40, 30, 30])).toEqual([3_000_000, 2_250_000, 2_250_001]);
    expect(splitByPercent(100, [33, 33, 34])).toEqual([33, 33, 34]);
    expect(splitByPercent(10, [33, 33, 34])).toEqual([3, 3, 4]);
    expect(splitByPercent(1, [50, 50])).toEqual([0, 1]);
    expect(splitByPercent(0, [50, 50])).toEqual([0, 0]);
  });

  it('property: the parts add up to the total, none negative, each within a rupiah of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_000_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          // Weights scaled to percents summing to 100 (the last takes what rounding leaves).
          const sum = weights.reduce((a, b) => a + b, 0);
          const percents = weights.map((w) => Math.max(1, Math.floor((w * 100) / sum)));
          const rest = 100 - percents.slice(0, -1).reduce((a, b) => a + b, 0);
          if (rest < 1) return;
          percents[percents.length - 1] = rest;
          const parts = splitByPercent(total, percents);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(part)).toBe(true);
            if (i < parts.length - 1)
              expect(Math.abs(part - (total * (percents[i] as number)) / 100)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('a plan’s shares', () => {
  it('one kind, percents summing to 100, at least two, dates in order', () => {
    expect(sharesProblem([pct(40, '2026-07-10'), pct(60, '2026-08-10')])).toBeUndefined();
    expect(sharesProblem([pct(40, '2026-07-10'), pct(50, '2026-08-10')])).toBe(
      INSTALMENT_MESSAGES.percentSum,
    );
    expect(sharesProblem([pct(100, '2026-07-10')])).toBe(INSTALMENT_MESSAGES.sharesRequired);
    expect(sharesProblem([pct(50, '2026-07-10'), pct(50, '2026-07-10')])).toBe(
      INSTALMENT_MESSAGES.dueDatesOrder,
    );
    expect(sharesProblem([pct(50, '2026-07-10'), { percent: null, amount: 5, due_date: '2026-08-10' }])).toBe(
      INSTALMENT_MESSAGES.oneKind,
    );
    expect(
      sharesProblem([
        { percent: null, amount: 1_000_000, due_date: '2026-07-10' },
        { percent: null, amount: 250_000, due_date: '2026-08-10' },
      ]),
    ).toBeUndefined();
  });

  it('the schema answers the first problem as its message', () => {
    const bad = v.safeParse(InstalmentPlanSaveSchema, {
      name: ' Uang Pangkal 3x ',
      shares: [pct(40, '2026-07-10'), pct(30, '2026-08-10')],
    });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe(INSTALMENT_MESSAGES.percentSum);
    const good = v.parse(InstalmentPlanSaveSchema, {
      name: ' Uang Pangkal 3x ',
      shares: [{ percent: 40, due_date: '2026-07-10' }, pct(30, '2026-08-10'), pct(30, '2026-09-10')],
    });
    expect(good.name).toBe('Uang Pangkal 3x');
    expect(good.shares[0]).toEqual(pct(40, '2026-07-10'));
    expect(shareAmounts(good.shares, 1_000_000)).toEqual([400_000, 300_000, 300_000]);
  });
});

const three = [
  { seq: 1, amount: 400_000, due_date: '2026-07-10' },
  { seq: 2, amount: 300_000, due_date: '2026-08-10' },
  { seq: 3, amount: 300_000, due_date: '2026-09-10' },
];

describe('allocateInstalments: the earliest first', () => {
  it('short, exact, over and none', () => {
    expect(allocateInstalments(three, 250_000).map((i) => [i.paid, i.owing])).toEqual([
      [250_000, 150_000],
      [0, 300_000],
      [0, 300_000],
    ]);
    expect(allocateInstalments(three, 400_000).map((i) => i.owing)).toEqual([0, 300_000, 300_000]);
    expect(allocateInstalments(three, 2_000_000).map((i) => i.owing)).toEqual([0, 0, 0]);
    expect(allocateInstalments(three, 0).map((i) => i.paid)).toEqual([0, 0, 0]);
    expect(allocateInstalments([...three].reverse(), 500_000).map((i) => i.seq)).toEqual([1, 2, 3]);
  });

  it('the item is due on the earliest instalment still owing; when all are paid, on the first', () => {
    expect(instalmentsDueDate(three, 0)).toBe('2026-07-10');
    expect(instalmentsDueDate(three, 399_999)).toBe('2026-07-10');
    expect(instalmentsDueDate(three, 400_000)).toBe('2026-08-10');
    expect(instalmentsDueDate(three, 1_000_000)).toBe('2026-07-10');
    expect(instalmentsDueDate([], 0)).toBeUndefined();
  });

  it('property: what is paid is spread in order, never more than each amount, and sums to min(paid, total)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (amounts, paid) => {
          const list = amounts.map((amount, i) => ({ seq: i + 1, amount, due_date: `2026-01-${10 + i}` }));
          const out = allocateInstalments(list, paid);
          const total = amounts.reduce((a, b) => a + b, 0);
          expect(out.reduce((a, i) => a + i.paid, 0)).toBe(Math.min(paid, total));
          const firstOwing = out.findIndex((i) => i.owing > 0);
          out.forEach((i, n) => {
            expect(i.paid + i.owing).toBe(i.amount);
            if (firstOwing >= 0 && n > firstOwing) expect(i.paid).toBe(0);
          });
        },
      ),
    );
  });
});

describe('replanInstalments', () => {
  const item = { net: 1_000_000, paid: 0, due_date: '2026-07-10' };
  const plan = [pct(50, '2026-08-01'), pct(50, '2026-09-01')];

  it('the first plan splits the whole item', () => {
    expect(replanInstalments(item, [], plan)).toEqual({
      kept: [],
      replaced: [],
      added: [
        { seq: 1, amount: 500_000, due_date: '2026-08-01' },
        { seq: 2, amount: 500_000, due_date: '2026-09-01' },
      ],
      owed: 1_000_000,
      planTotal: 1_000_000,
    });
  });

  it('paid before any plan: what was paid stays as an instalment of its own, due on the item’s date', () => {
    const out = replanInstalments({ ...item, paid: 100_000 }, [], plan);
    expect(out.added).toEqual([
      { seq: 1, amount: 100_000, due_date: '2026-07-10' },
      { seq: 2, amount: 450_000, due_date: '2026-08-01' },
      { seq: 3, amount: 450_000, due_date: '2026-09-01' },
    ]);
  });

  it('a share that rounds to nothing is left out', () => {
    const out = replanInstalments({ net: 1, paid: 0, due_date: '2026-07-10' }, [], plan);
    expect(out.added).toEqual([{ seq: 1, amount: 1, due_date: '2026-09-01' }]);
    expect(out.planTotal).toBe(1);
  });

  it('a change after a payment keeps paid ones, closes a partly paid one at what was paid', () => {
    const out = replanInstalments({ ...item, paid: 500_000 }, three, plan);
    expect(out.kept).toEqual([three[0]]);
    expect(out.replaced).toEqual([three[1], three[2]]);
    expect(out.added).toEqual([
      { seq: 2, amount: 100_000, due_date: '2026-08-10' },
      { seq: 3, amount: 250_000, due_date: '2026-08-01' },
      { seq: 4, amount: 250_000, due_date: '2026-09-01' },
    ]);
  });

  it('property: kept and added always sum to the item’s net', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 50_000_000 }), fc.integer({ min: 0, max: 100 }), (net, share) => {
        const paid = Math.floor((net * share) / 100);
        if (paid >= net) return;
        const first = replanInstalments({ net, paid: 0, due_date: '2026-07-10' }, [], plan);
        const current = first.added;
        const out = replanInstalments({ net, paid, due_date: '2026-07-10' }, current, [
          pct(34, '2026-10-01'),
          pct(33, '2026-11-01'),
          pct(33, '2026-12-01'),
        ]);
        const sum = [...out.kept, ...out.added].reduce((a, i) => a + i.amount, 0);
        expect(sum).toBe(net);
        expect(new Set([...out.kept, ...out.added].map((i) => i.seq)).size).toBe(
          out.kept.length + out.added.length,
        );
      }),
    );
  });
});

describe('what the payment form proposes for a split item', () => {
  const three = [
    { seq: 1, amount: 1_250_000, due_date: '2026-07-10' },
    { seq: 2, amount: 937_500, due_date: '2026-08-10' },
    { seq: 3, amount: 937_500, due_date: '2026-09-10' },
  ];

  it('owes what the instalments due on or before the date still owe, a partly paid one by its rest', () => {
    expect(owingBy(allocateInstalments(three, 0), '2026-07-09')).toBe(0);
    expect(owingBy(allocateInstalments(three, 0), '2026-07-10')).toBe(1_250_000);
    expect(owingBy(allocateInstalments(three, 0), '2026-08-10')).toBe(2_187_500);
    expect(owingBy(allocateInstalments(three, 1_500_000), '2026-08-10')).toBe(687_500);
    expect(owingBy(allocateInstalments(three, 3_125_000), '2026-12-31')).toBe(0);
  });

  it('tells which instalments a payment filled after what was paid before it, earliest first', () => {
    const count = 3;
    expect(instalmentsPaid(three, 0, 1_250_000)).toEqual({ first: 1, last: 1, count });
    expect(instalmentsPaid(three, 0, 1_250_001)).toEqual({ first: 1, last: 2, count });
    expect(instalmentsPaid(three, 1_250_000, 1)).toEqual({ first: 2, last: 2, count });
    expect(instalmentsPaid(three, 1_000_000, 3_125_000 - 1_000_000)).toEqual({ first: 1, last: 3, count });
    expect(instalmentsPaid(three, 500_000, 0)).toBeNull();
    expect(instalmentsPaid(three, 3_125_000, 0)).toBeNull();
  });

  it('names one instalment or a run of them by place', () => {
    expect(instalmentsName(2, 2, 3)).toBe('Cicilan 2 dari 3');
    expect(instalmentsName(1, 2, 3)).toBe('Cicilan 1-2 dari 3');
  });
});
