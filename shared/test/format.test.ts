import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from '../src/color';
import { formatDate, formatDateTimeIn, formatIDR, formatMonth, formatNumber } from '../src/format';

describe('formatIDR', () => {
  it.each([
    [1250000, 'Rp 1.250.000'],
    [0, 'Rp 0'],
    [999, 'Rp 999'],
    [-1250000, '-Rp 1.250.000'],
    [1250000.6, 'Rp 1.250.001'],
    ['1250000.00', 'Rp 1.250.000'],
    [null, 'Rp 0'],
    [undefined, 'Rp 0'],
    ['bukan angka', 'Rp 0'],
  ])('%s -> %s', (value, expected) => {
    expect(formatIDR(value)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it('groups thousands the Indonesian way', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(12)).toBe('12');
  });
});

describe('formatDate', () => {
  it('uses Indonesian month names', () => {
    expect(formatDate('2026-01-05')).toBe('5 Januari 2026');
    expect(formatDate(new Date(2026, 4, 17))).toBe('17 Mei 2026');
    expect(formatDate('2026-08-31', 'DD/MM/YYYY')).toBe('31/08/2026');
  });

  it('gives an empty text for empty or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('bukan tanggal')).toBe('');
  });
});

describe('formatMonth', () => {
  it.each([
    ['2026-01', 'Januari 2026'],
    ['2026-02', 'Februari 2026'],
    ['2025-12', 'Desember 2025'],
    ['2026-03-14', 'Maret 2026'],
  ])('%s -> %s', (value, expected) => {
    expect(formatMonth(value)).toBe(expected);
  });
});

describe('readableTextOn', () => {
  it('picks white or dark text, whichever passes WCAG AA on the badge colour', () => {
    // The demo roles' colours: white fails on the light ones (teal, orange, green), dark passes.
    for (const bg of ['#13c2c2', '#fa8c16', '#d48806', '#389e0d', '#8c8c8c']) {
      expect(readableTextOn(bg), bg).toBe('#000');
    }
    for (const bg of ['#722ed1', '#2f54eb', '#595959', '#c41d7f', '#000000']) {
      expect(readableTextOn(bg), bg).toBe('#fff');
    }
    expect(readableTextOn('blue')).toBeUndefined();
    expect(readableTextOn(null)).toBeUndefined();
  });

  it('never picks a colour under 4.5:1 for any grey', () => {
    for (let v = 0; v <= 255; v += 1) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const text = readableTextOn(hex) === '#fff' ? [255, 255, 255] : [0, 0, 0];
      expect(contrastRatio([v, v, v], text), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('formatDateTimeIn', () => {
  it('writes the moment on the branch’s clock, whatever the browser’s zone', () => {
    const at = '2026-01-05T07:05:00.000Z';
    expect(formatDateTimeIn(at, 'Asia/Jakarta')).toBe('5 Januari 2026 14.05');
    expect(formatDateTimeIn(at, 'Asia/Makassar')).toBe('5 Januari 2026 15.05');
    expect(formatDateTimeIn(at, 'Asia/Jayapura')).toBe('5 Januari 2026 16.05');
    // Past midnight in Jayapura, still the evening before in Jakarta.
    expect(formatDateTimeIn('2025-12-31T16:30:00Z', 'Asia/Jakarta')).toBe('31 Desember 2025 23.30');
    expect(formatDateTimeIn('2025-12-31T16:30:00Z', 'Asia/Jayapura')).toBe('1 Januari 2026 01.30');
    expect(formatDateTimeIn('', 'Asia/Jakarta')).toBe('');
  });
});
