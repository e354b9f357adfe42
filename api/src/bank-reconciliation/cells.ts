/**
 * One statement cell read as a date or whole rupiah, or the reason it cannot be (docs/bank-reconciliation.md
 * "Bad files"). Pure: the parser names the line and column around the reason.
 */
import type { DateStyle, NumberStyle } from './layouts';

export type Cell = string | number | Date | null;
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const DATE_PATTERNS: Record<DateStyle, RegExp> = {
  'DD/MM/YYYY': /^(\d{2})\/(\d{2})\/(\d{4})$/,
  'DD-MM-YYYY': /^(\d{2})-(\d{2})-(\d{4})$/,
  'YYYY-MM-DD': /^(\d{4})-(\d{2})-(\d{2})(?:[ T][\d:.]+)?$/,
};

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A calendar date 'YYYY-MM-DD' not after `today`. */
export function readDate(cell: Cell, style: DateStyle, today: string): Read<string> {
  let date: string | undefined;
  if (cell instanceof Date) {
    date = iso(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  } else if (typeof cell === 'string') {
    const text = cell.trim().replace(/^'/, '');
    const m = DATE_PATTERNS[style].exec(text);
    if (m) {
      const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const [y, mo, d] = style === 'YYYY-MM-DD' ? [a, b, c] : [c, b, a];
      const check = new Date(Date.UTC(y, mo - 1, d));
      if (check.getUTCMonth() === mo - 1 && check.getUTCDate() === d) date = iso(y, mo, d);
    }
  }
  if (!date) return { ok: false, reason: `tanggal "${String(cell ?? '')}" bukan format ${style}` };
  if (date > today) return { ok: false, reason: `tanggal ${date} ada di masa depan` };
  return { ok: true, value: date };
}

const NUMBER_PATTERNS: Record<
  NumberStyle,
  { grouped: RegExp; thousands: string; decimal: string; example: string }
> = {
  id: {
    grouped: /^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d+(,\d{1,2})?$/,
    thousands: '.',
    decimal: ',',
    example: '1.250.000,00',
  },
  en: {
    grouped: /^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/,
    thousands: ',',
    decimal: '.',
    example: '1,250,000.00',
  },
};

/**
 * Whole rupiah from a cell: empty is 0; sen other than ,00 are refused (money is whole rupiah, docs/money.md), as
 * is a number in the other notation (`1250000.00` where the layout writes `1.250.000,00`).
 */
export function readAmount(cell: Cell, style: NumberStyle): Read<number> {
  if (cell === null || cell === '') return { ok: true, value: 0 };
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0) return { ok: false, reason: `nominal ${cell} tidak valid` };
    if (!Number.isInteger(cell))
      return { ok: false, reason: `nominal ${cell} memiliki sen (harus rupiah bulat)` };
    return { ok: true, value: cell };
  }
  if (cell instanceof Date) return { ok: false, reason: 'berisi tanggal, bukan nominal' };
  const text = cell.trim().replace(/^'/, '');
  if (text === '' || text === '-') return { ok: true, value: 0 };
  const p = NUMBER_PATTERNS[style];
  if (!p.grouped.test(text)) {
    return { ok: false, reason: `nominal "${text}" bukan format ${p.example}` };
  }
  const [whole = '', sen = ''] = text.split(p.decimal);
  if (Number(sen) !== 0) return { ok: false, reason: `nominal "${text}" memiliki sen (harus rupiah bulat)` };
  const value = Number(whole.split(p.thousands).join(''));
  if (!Number.isSafeInteger(value)) return { ok: false, reason: `nominal "${text}" terlalu besar` };
  return { ok: true, value };
}

/** Text of a cell, trimmed (numbers and dates as written). */
export function readText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).replace(/\s+/g, ' ').trim();
}
