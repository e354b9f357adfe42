/**
 * Money as staff type it (docs/decisions.md#money-typed-the-indonesian-way): whole rupiah, dots between thousands,
 * a comma before sen. `150.000` is a hundred and fifty thousand, never 150; `Rp 1.250.000` pasted works; sen
 * are refused unless they are zero (`150.000,00`), because a whole-rupiah ledger cannot keep them.
 */
import * as v from 'valibot';
import { groupedNumber } from './rupiah';

/** The largest sum of money accepted anywhere (15 digits: the receipts spell amounts up to 15 digits). */
export const MAX_MONEY = 999_999_999_999_999;

/** Why a text is not an amount of money. */
export type RupiahProblem = 'format' | 'fraction' | 'negative' | 'too_large';

export type ParsedRupiah = { ok: true; value: number | null } | { ok: false; problem: RupiahProblem };

/** 'Rp', spaces and a leading minus aside: digits in groups of three between dots, or plain digits. */
const WHOLE = /^(\d{1,3}(\.\d{3})+|\d+)$/;

/**
 * The whole rupiah a text says, `null` for an empty text, or why it says none: `format` (not a number, or dots
 * not between thousands: '1.2.3', '150.5'), `fraction` (sen other than zero: '12,5'), `negative`, `too_large`.
 */
export function parseRupiah(text: string): ParsedRupiah {
  let t = text.replace(/\s+/g, '').replace(/^rp\.?/i, '');
  if (t === '') return { ok: true, value: null };
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1);
  const [whole = '', sen, ...more] = t.split(',');
  if (more.length > 0 || !WHOLE.test(whole) || (sen !== undefined && !/^\d*$/.test(sen))) {
    return { ok: false, problem: 'format' };
  }
  if (sen !== undefined && /[1-9]/.test(sen)) return { ok: false, problem: 'fraction' };
  const value = Number(whole.replace(/\./g, ''));
  if (negative && value > 0) return { ok: false, problem: 'negative' };
  if (value > MAX_MONEY) return { ok: false, problem: 'too_large' };
  return { ok: true, value };
}

/** What is wrong with an amount, in the field's own words: 'Biaya tidak boleh negatif'. */
export function rupiahProblemText(label: string, problem: RupiahProblem): string {
  switch (problem) {
    case 'format':
      return `${label} harus berupa angka, contoh 150.000`;
    case 'fraction':
      return `${label} dalam rupiah penuh, tanpa sen`;
    case 'negative':
      return `${label} tidak boleh negatif`;
    case 'too_large':
      return `${label} terlalu besar`;
  }
}

/**
 * The text of a money field as a form keeps it, checked and turned into the number `amount` then checks
 * (the contract's own schema of that amount: its limits and messages).
 */
export function rupiahText<TOutput>(label: string, amount: v.GenericSchema<number, TOutput>) {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseRupiah(dataset.value);
      if (!parsed.ok) {
        addIssue({ message: rupiahProblemText(label, parsed.problem) });
        return NEVER;
      }
      if (parsed.value === null) {
        addIssue({ message: `${label} tidak boleh kosong` });
        return NEVER;
      }
      return parsed.value;
    }),
    amount,
  );
}

/**
 * An amount as the payment form reads what was typed (docs/validation.md): whole rupiah, a non-number or a negative
 * is 0, sen are dropped, never above `MAX_MONEY`. Numbers pass through the same rules.
 */
export function toWholeRupiah(raw: unknown): number {
  if (typeof raw === 'number') {
    return Number.isFinite(raw) && raw > 0 ? Math.min(Math.floor(raw), MAX_MONEY) : 0;
  }
  if (typeof raw !== 'string') return 0;
  const parsed = parseRupiah(raw);
  if (parsed.ok) return parsed.value ?? 0;
  if (parsed.problem === 'too_large') return MAX_MONEY;
  if (parsed.problem === 'fraction') return toWholeRupiah(raw.split(',')[0] ?? '');
  return 0;
}

/** How an amount is typed back into a money field: '1.250.000' ('' for none). */
export function rupiahInputText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : groupedNumber(value);
}
