/**
 * Amounts as people read them, THE one formatter of the screens and the API's PDFs and messages:
 * 1250000 -> 'Rp 1.250.000'. Whole rupiah, grouped the Indonesian way (dots between thousands).
 */
const grouped = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** An amount as the API answers it: a number, a numeric text ('1250000.00'), or nothing. */
export type Amount = number | string | null | undefined;

/** The whole number an amount says: rounded; empty or not a number -> 0. */
const wholeOf = (value: Amount): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? Math.round(n) : 0;
};

/** A whole number with Indonesian grouping: 1250000 -> '1.250.000'. */
export function groupedNumber(value: Amount): string {
  return grouped.format(wholeOf(value));
}

/** Rupiah, whole: 1250000 -> 'Rp 1.250.000', -1250000 -> '-Rp 1.250.000', empty -> 'Rp 0'. */
export function formatRupiah(value: Amount): string {
  const n = wholeOf(value);
  return `${n < 0 ? '-' : ''}Rp ${grouped.format(Math.abs(n))}`;
}
