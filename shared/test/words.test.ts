import { describe, expect, it } from 'vitest';
import { rupiahInWords } from '../src/contract/words';

describe('rupiahInWords', () => {
  it.each([
    [0, 'Nol Rupiah'],
    [1, 'Satu Rupiah'],
    [9, 'Sembilan Rupiah'],
    [10, 'Sepuluh Rupiah'],
    [11, 'Sebelas Rupiah'],
    [12, 'Dua Belas Rupiah'],
    [19, 'Sembilan Belas Rupiah'],
    [20, 'Dua Puluh Rupiah'],
    [21, 'Dua Puluh Satu Rupiah'],
    [99, 'Sembilan Puluh Sembilan Rupiah'],
    [100, 'Seratus Rupiah'],
    [101, 'Seratus Satu Rupiah'],
    [110, 'Seratus Sepuluh Rupiah'],
    [111, 'Seratus Sebelas Rupiah'],
    [115, 'Seratus Lima Belas Rupiah'],
    [200, 'Dua Ratus Rupiah'],
    [999, 'Sembilan Ratus Sembilan Puluh Sembilan Rupiah'],
    [1_000, 'Seribu Rupiah'],
    [1_001, 'Seribu Satu Rupiah'],
    [1_100, 'Seribu Seratus Rupiah'],
    [1_500, 'Seribu Lima Ratus Rupiah'],
    [2_000, 'Dua Ribu Rupiah'],
    [10_000, 'Sepuluh Ribu Rupiah'],
    [11_000, 'Sebelas Ribu Rupiah'],
    [100_000, 'Seratus Ribu Rupiah'],
    [101_000, 'Seratus Satu Ribu Rupiah'],
    [111_111, 'Seratus Sebelas Ribu Seratus Sebelas Rupiah'],
    [999_999, 'Sembilan Ratus Sembilan Puluh Sembilan Ribu Sembilan Ratus Sembilan Puluh Sembilan Rupiah'],
    [1_000_000, 'Satu Juta Rupiah'],
    [1_001_000, 'Satu Juta Seribu Rupiah'],
    [1_250_000, 'Satu Juta Dua Ratus Lima Puluh Ribu Rupiah'],
    [2_000_500, 'Dua Juta Lima Ratus Rupiah'],
    [1_000_000_000, 'Satu Miliar Rupiah'],
    [1_000_001_000, 'Satu Miliar Seribu Rupiah'],
    [10 ** 12, 'Satu Triliun Rupiah'],
    [10 ** 12 + 1, 'Satu Triliun Satu Rupiah'],
    [
      10 ** 15 - 1,
      'Sembilan Ratus Sembilan Puluh Sembilan Triliun Sembilan Ratus Sembilan Puluh Sembilan Miliar ' +
        'Sembilan Ratus Sembilan Puluh Sembilan Juta Sembilan Ratus Sembilan Puluh Sembilan Ribu ' +
        'Sembilan Ratus Sembilan Puluh Sembilan Rupiah',
    ],
    [10 ** 15, 'Diluar Batas'],
    [Number.MAX_SAFE_INTEGER, 'Diluar Batas'],
  ])('%d → %s', (amount, words) => {
    expect(rupiahInWords(amount)).toBe(words);
  });

  it('reads bigints and digit strings the same, beyond what a number holds exactly', () => {
    expect(rupiahInWords(1_250_000n)).toBe('Satu Juta Dua Ratus Lima Puluh Ribu Rupiah');
    expect(rupiahInWords('0001250000')).toBe('Satu Juta Dua Ratus Lima Puluh Ribu Rupiah');
    expect(rupiahInWords('999999999999999')).toMatch(/^Sembilan Ratus .* Rupiah$/);
    expect(rupiahInWords('1000000000000000')).toBe('Diluar Batas');
    expect(rupiahInWords(10n ** 20n)).toBe('Diluar Batas');
  });

  it('reads what is not whole rupiah as out of range rather than inventing words', () => {
    for (const amount of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '', '12a', '1e6']) {
      expect(rupiahInWords(amount), String(amount)).toBe('Diluar Batas');
    }
  });

  it('says Seribu exactly when the thousands are one, and is always well-formed', () => {
    for (let n = 1; n < 3_000_000; n += 997) {
      const words = rupiahInWords(n);
      expect(words.includes('Seribu'), `${n}: ${words}`).toBe(Math.floor(n / 1000) % 1000 === 1);
      expect(words).not.toMatch(/^Satu Ribu/);
      expect(words).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)* Rupiah$/);
    }
  });
});
