/**
 * The rules of discount rules (docs/money.md#discount-rules): how much a rule gives on an item (percent rounded
 * to whole rupiah, never below zero), which rule an item takes when several match (the one giving the most),
 * which items may take one at all, and the form's schema.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  bestRule,
  DiscountRuleCreateSchema,
  type DiscountRuleTerms,
  DiscountValueSchema,
  discountRuleSchema,
  itemTakesRule,
  ruleMatches,
  ruleUnitDiscount,
  rupiahText,
} from '../src/contract';

const rule = (overrides: Partial<DiscountRuleTerms> = {}): DiscountRuleTerms => ({
  id: 1,
  kind: 'percent',
  value: 50,
  fee_type_ids: [10],
  target: 'students',
  category: null,
  student_ids: [7],
  from_mm: '2026-07',
  to_mm: '2027-06',
  voided: false,
  ...overrides,
});
const item = { student_id: 7, fee_type_id: 10, mm: '2026-08', price: 250_000, bail: 0, categories: [] };

describe('ruleUnitDiscount', () => {
  it('gives a percentage of the price in whole rupiah, rounding half up', () => {
    expect(ruleUnitDiscount({ kind: 'percent', value: 50 }, 250_000)).toBe(125_000);
    expect(ruleUnitDiscount({ kind: 'percent', value: 33 }, 100_001)).toBe(33_000);
    // 15% of 3.333 is 499,95: 500.
    expect(ruleUnitDiscount({ kind: 'percent', value: 15 }, 3_333)).toBe(500);
    // 50% of 1 is 0,5: 1.
    expect(ruleUnitDiscount({ kind: 'percent', value: 50 }, 1)).toBe(1);
    expect(ruleUnitDiscount({ kind: 'percent', value: 100 }, 250_000)).toBe(250_000);
  });

  it('gives an amount, never more than the price leaves after Ditanggung (never below zero)', () => {
    expect(ruleUnitDiscount({ kind: 'amount', value: 100_000 }, 250_000)).toBe(100_000);
    expect(ruleUnitDiscount({ kind: 'amount', value: 300_000 }, 250_000)).toBe(250_000);
    expect(ruleUnitDiscount({ kind: 'amount', value: 100_000 }, 250_000, 200_000)).toBe(50_000);
    expect(ruleUnitDiscount({ kind: 'amount', value: 100_000 }, 0)).toBe(0);
    expect(ruleUnitDiscount({ kind: 'percent', value: 50 }, 100_000, 100_000)).toBe(0);
  });
});

describe('ruleMatches', () => {
  it('needs the student (chosen or by category), the fee type and a month of the period', () => {
    expect(ruleMatches(rule(), item)).toBe(true);
    expect(ruleMatches(rule(), { ...item, student_id: 8 })).toBe(false);
    expect(ruleMatches(rule(), { ...item, fee_type_id: 11 })).toBe(false);
    const sibling = rule({ target: 'category', category: 'sibling', student_ids: [] });
    expect(ruleMatches(sibling, { ...item, student_id: 8, categories: ['sibling'] })).toBe(true);
    expect(ruleMatches(sibling, { ...item, categories: ['orphan'] })).toBe(false);
    expect(ruleMatches(rule({ voided: true }), item)).toBe(false);
  });

  it('takes both ends of the period, and an open end', () => {
    expect(ruleMatches(rule(), { ...item, mm: '2026-07' })).toBe(true);
    expect(ruleMatches(rule(), { ...item, mm: '2027-06' })).toBe(true);
    expect(ruleMatches(rule(), { ...item, mm: '2026-06' })).toBe(false);
    expect(ruleMatches(rule(), { ...item, mm: '2027-07' })).toBe(false);
    expect(ruleMatches(rule({ to_mm: null }), { ...item, mm: '2030-01' })).toBe(true);
  });
});

describe('bestRule', () => {
  it('gives the item one rule, the one giving the most; on a tie the oldest', () => {
    const half = rule({ id: 1, value: 50 });
    const amount = rule({ id: 2, kind: 'amount', value: 150_000 });
    const same = rule({ id: 3, kind: 'amount', value: 125_000 });
    expect(bestRule([half, amount], item)).toEqual({ rule: amount, discount: 150_000 });
    expect(bestRule([same, half], item)).toEqual({ rule: half, discount: 125_000 });
    expect(bestRule([rule({ fee_type_ids: [11] })], item)).toBeUndefined();
    expect(bestRule([], item)).toBeUndefined();
  });

  it('leaves out a rule that gives nothing (a free item)', () => {
    expect(bestRule([rule()], { ...item, price: 0 })).toBeUndefined();
  });
});

describe('itemTakesRule', () => {
  it('only an item with no discount of any kind and nothing paid', () => {
    expect(itemTakesRule({ discount: 0, total_payment: 0, discount_rule_id: null })).toBe(true);
    expect(itemTakesRule({ discount: 5_000, total_payment: 0, discount_rule_id: null })).toBe(false);
    expect(itemTakesRule({ discount: 100_000, total_payment: 0, discount_rule_id: 3 })).toBe(false);
    expect(itemTakesRule({ discount: 0, total_payment: 1, discount_rule_id: null })).toBe(false);
  });
});

describe('DiscountRuleCreateSchema', () => {
  const valid = {
    name: 'Potongan Saudara Kandung',
    kind: 'amount',
    value: 100_000,
    fee_type_ids: [10],
    target: 'category',
    category: 'sibling',
    from_mm: '2026-07',
    to_mm: '',
    reason: 'Kakak bersekolah di sini',
  };
  const problems = (input: object) => {
    const result = v.safeParse(DiscountRuleCreateSchema, input);
    return result.success ? {} : v.flatten(result.issues).nested;
  };

  it('takes a valid rule; an empty end month is open-ended', () => {
    const result = v.safeParse(DiscountRuleCreateSchema, valid);
    expect(result.success).toBe(true);
    expect(result.success && result.output.to_mm).toBeNull();
  });

  it('refuses a percent over 100, no category, no students, an end before the start, no reason', () => {
    expect(problems({ ...valid, kind: 'percent', value: 101 })).toHaveProperty('value');
    expect(problems({ ...valid, category: null })).toHaveProperty('category');
    expect(problems({ ...valid, target: 'students' })).toHaveProperty('student_ids');
    expect(problems({ ...valid, to_mm: '2026-06' })).toHaveProperty('to_mm');
    expect(problems({ ...valid, reason: '  ' })).toHaveProperty('reason');
    expect(problems({ ...valid, fee_type_ids: [] })).toHaveProperty('fee_type_ids');
    expect(problems({ ...valid, value: 0 })).toHaveProperty('value');
  });
});

describe('the form’s schema (Potongan as typed)', () => {
  const FormSchema = discountRuleSchema(rupiahText('Potongan', DiscountValueSchema));
  const typed = {
    name: 'Potongan Yatim',
    kind: 'amount',
    value: '250.000',
    fee_type_ids: [10],
    target: 'category',
    category: 'orphan',
    student_ids: [],
    from_mm: '2026-07',
    to_mm: '2026-07',
    reason: 'Santunan',
  };

  it('reads 250.000 as two hundred and fifty thousand, and a percent typed as 50', () => {
    const amount = v.safeParse(FormSchema, typed);
    expect(amount.success && amount.output.value).toBe(250_000);
    const percent = v.safeParse(FormSchema, { ...typed, kind: 'percent', value: '50' });
    expect(percent.success && percent.output.value).toBe(50);
  });

  it('says why a typed amount is not one', () => {
    const messages = (value: string) => {
      const result = v.safeParse(FormSchema, { ...typed, value });
      return result.success ? [] : (v.flatten(result.issues).nested?.value ?? []);
    };
    expect(messages('12,5')).toEqual(['Potongan dalam rupiah penuh, tanpa sen']);
    expect(messages('')).toEqual(['Potongan tidak boleh kosong']);
    expect(messages('0')).toEqual(['Nominal potongan harus lebih dari 0']);
    expect(messages('150')).toEqual([]);
    expect(v.safeParse(FormSchema, { ...typed, kind: 'percent', value: '150' }).success).toBe(false);
  });
});
