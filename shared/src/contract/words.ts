/**
 * An amount of rupiah in Indonesian words, as receipts print it (docs/screens.md "Receipts and notes"):
 * 1_250_000 → 'Satu Juta Dua Ratus Lima Puluh Ribu Rupiah'. Up to 15 digits (below 1.000 triliun);
 * more digits read 'Diluar Batas'; zero reads 'Nol Rupiah'. Whole rupiah only: a fraction, a negative
 * amount or anything that is not a number also reads 'Diluar Batas' (money here is never any of those).
 */
export const OUT_OF_RANGE_WORDS = 'Diluar Batas';

const MAX_DIGITS = 15;
const DIGITS = ['', 'Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam', 'Tujuh', 'Delapan', 'Sembilan'];
/** Group names by thousands: ribu (10^3), juta (10^6), miliar (10^9), triliun (10^12). */
const SCALES = ['', 'Ribu', 'Juta', 'Miliar', 'Triliun'];

/** 1-999 in words; the irregular forms: Sepuluh, Sebelas, ... Belas, Seratus. */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('Seratus');
  else if (hundreds > 1) words.push(DIGITS[hundreds] as string, 'Ratus');
  if (rest === 10) words.push('Sepuluh');
  else if (rest === 11) words.push('Sebelas');
  else if (rest > 11 && rest < 20) words.push(DIGITS[rest - 10] as string, 'Belas');
  else {
    const tens = Math.floor(rest / 10);
    const ones = rest % 10;
    if (tens > 0) words.push(DIGITS[tens] as string, 'Puluh');
    if (ones > 0) words.push(DIGITS[ones] as string);
  }
  return words;
}

export function rupiahInWords(amount: number | bigint | string): string {
  const digits = String(amount).trim();
  if (!/^\d+$/.test(digits)) return OUT_OF_RANGE_WORDS;
  const significant = digits.replace(/^0+(?=\d)/, '');
  if (significant.length > MAX_DIGITS) return OUT_OF_RANGE_WORDS;
  if (/^0+$/.test(significant)) return 'Nol Rupiah';

  // Groups of three digits from the right: [units, thousands, millions, ...].
  const groups: number[] = [];
  for (let end = significant.length; end > 0; end -= 3) {
    groups.push(Number(significant.slice(Math.max(0, end - 3), end)));
  }
  const words: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale -= 1) {
    const group = groups[scale] as number;
    if (group === 0) continue;
    // 'Seribu', not 'Satu Ribu'; but 'Satu Juta', 'Satu Miliar', 'Satu Triliun'.
    if (group === 1 && scale === 1) words.push('Seribu');
    else words.push(...belowThousand(group), ...(scale > 0 ? [SCALES[scale] as string] : []));
  }
  return `${words.join(' ')} Rupiah`;
}
