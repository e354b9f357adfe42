import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FeePriceSchema,
  MAX_MONEY,
  parseRupiah,
  rupiahInputText,
  rupiahProblemText,
  rupiahText,
  toWholeRupiah,
} from '../src/contract';
import { formatIDR, formatNumber } from '../src/format';
import { groupRupiahAsTyped } from '../src/ui/MoneyInput';

describe('parseRupiah: money typed the Indonesian way', () => {
  it.each([
    ['150.000', 150_000],
    ['1.250.000', 1_250_000],
    ['Rp 1.250.000', 1_250_000],
    ['Rp1.250.000', 1_250_000],
    ['rp. 75.000', 75_000],
    ['  150000 ', 150_000],
    ['1.250', 1_250],
    ['150.000,00', 150_000],
    ['150.000,', 150_000],
    ['0', 0],
    ['-0', 0],
    ['999.999.999.999.999', MAX_MONEY],
  ])('%j is %d', (text, value) => {
    expect(parseRupiah(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['abc', 'format'],
    ['1.2.3', 'format'],
    ['150.5', 'format'],
    ['1250.000', 'format'],
    ['1,250,000', 'format'],
    ['12,5a', 'format'],
    ['12,5', 'fraction'],
    ['150.000,50', 'fraction'],
    ['-5', 'negative'],
    ['-150.000', 'negative'],
    ['1.000.000.000.000.000', 'too_large'],
  ])('%j is refused: %s', (text, problem) => {
    expect(parseRupiah(text)).toEqual({ ok: false, problem });
  });

  it('an empty field is no amount, not zero', () => {
    expect(parseRupiah('')).toEqual({ ok: true, value: null });
    expect(parseRupiah(' Rp ')).toEqual({ ok: true, value: null });
  });

  it('any whole rupiah written the Indonesian way (with or without Rp) reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY }), (amount) => {
        expect(parseRupiah(formatNumber(amount))).toEqual({ ok: true, value: amount });
        expect(parseRupiah(formatIDR(amount))).toEqual({ ok: true, value: amount });
        expect(parseRupiah(rupiahInputText(amount))).toEqual({ ok: true, value: amount });
        expect(parseRupiah(String(amount))).toEqual({ ok: true, value: amount });
      }),
    );
  });
});

describe('rupiahText: a money field of a form', () => {
  const price = rupiahText('Biaya', FeePriceSchema);
  const messageOf = (text: string) => {
    const result = v.safeParse(price, text);
    return result.success ? result.output : result.issues[0]?.message;
  };

  it('gives the number, and says what is wrong in the field’s words', () => {
    expect(messageOf('150.000')).toBe(150_000);
    expect(messageOf('-5')).toBe('Biaya tidak boleh negatif');
    expect(messageOf('12,5')).toBe('Biaya dalam rupiah penuh, tanpa sen');
    expect(messageOf('abc')).toBe(rupiahProblemText('Biaya', 'format'));
    expect(messageOf('')).toBe('Biaya tidak boleh kosong');
  });
});

describe('toWholeRupiah (the payment form: a non-number or a negative is 0, sen are dropped)', () => {
  it.each([
    ['150.000', 150_000],
    ['150.000,75', 150_000],
    ['abc', 0],
    ['-5', 0],
    ['1.000.000.000.000.000', MAX_MONEY],
  ])('%j is %d', (text, value) => {
    expect(toWholeRupiah(text)).toBe(value);
  });
});

describe('groupRupiahAsTyped: what the money field shows while typing', () => {
  it.each([
    ['150000', '150.000'],
    ['150.000', '150.000'],
    ['1250.000', '1.250.000'],
    ['Rp 1.250.000', '1.250.000'],
    ['0150', '150'],
    ['-5000', '-5.000'],
    ['150.000,', '150.000,'],
    ['150000,50', '150.000,50'],
    ['seratus', ''],
    ['', ''],
    ['1234567890123456789', '1.234.567.890.123.456.789'],
  ])('%j shows %j', (typed, shown) => {
    expect(groupRupiahAsTyped(typed)).toBe(shown);
  });

  it('what it shows reads back as the digits typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY }), (amount) => {
        expect(parseRupiah(groupRupiahAsTyped(String(amount)))).toEqual({ ok: true, value: amount });
      }),
    );
  });
});
