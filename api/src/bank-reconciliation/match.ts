/**
 * Who a credit line may be from, and why (docs/bank-reconciliation.md "Matching"): pure functions over the line
 * and the branch's students with what they owe. A student is a candidate only when the line names them (NIS, VA
 * or a name); the amount and the date then add to the confidence.
 */
import { BANK_MATCH_THRESHOLD, type BankMatchCandidate, formatRupiah } from '@keuangan/shared/contract';
import { distance } from 'fastest-levenshtein';

export interface MatchLine {
  description: string;
  amount: number;
  line_date: string;
}

export interface MatchStudent {
  id: number;
  name: string;
  nis: string;
  /** Father, mother, guardian: whoever may send the transfer. */
  parents: string[];
  /** Confirmed bills still owing: what is left on each and when it falls due. */
  bills: { bill_number: string; owing: number; due_date: string | null }[];
}

/** Titles and words of transfer descriptions that are no part of a name. */
const NOISE = new Set(
  'bpk bapak pak ibu bu sdr sdri saudara saudari an a/n atas nama hj h dr ir drs mr mrs ms tn ny nn'.split(
    ' ',
  ),
);

/** Lower case, letters and spaces only, titles dropped: "Bpk. BUDI  Santoso" is "budi santoso". */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !NOISE.has(word))
    .join(' ');
}

/**
 * How alike `name` is to its best window of the description's words (0..1, 1 = the same after normalising).
 * Windows of the name's word count, one word fewer or more (a dropped or split word).
 */
export function nameSimilarity(name: string, description: string): number {
  const wanted = normaliseName(name);
  const words = normaliseName(description).split(' ').filter(Boolean);
  const size = wanted.split(' ').length;
  if (!wanted || words.length === 0) return 0;
  let best = 0;
  for (const n of [size - 1, size, size + 1]) {
    if (n < 1) continue;
    for (let i = 0; i + n <= words.length; i++) {
      const window = words.slice(i, i + n).join(' ');
      const score = 1 - distance(wanted, window) / Math.max(wanted.length, window.length);
      if (score > best) best = score;
    }
  }
  return best;
}

/** The NIS alone as a number, or inside a longer one ending with it (a VA: the bank's prefix and the NIS). */
function nisSignal(nis: string, description: string): { score: number; reason: string } | undefined {
  if (!/^\d{3,}$/.test(nis)) return undefined;
  for (const token of description.match(/\d+/g) ?? []) {
    if (token === nis) return { score: 70, reason: `NIS ${nis} tertulis di keterangan` };
    if (token.length >= nis.length + 3 && token.endsWith(nis)) {
      return { score: 70, reason: `nomor VA ${token} berakhiran NIS ${nis}` };
    }
  }
  return undefined;
}

/** Subsets of at most 12 bills whose sum is `amount` (the first found, fewest bills first). */
function billsSumming(bills: MatchStudent['bills'], amount: number): MatchStudent['bills'] | undefined {
  const few = bills.slice(0, 12);
  let found: MatchStudent['bills'] | undefined;
  for (let mask = 1; mask < 1 << few.length; mask++) {
    const chosen = few.filter((_, i) => mask & (1 << i));
    if (chosen.reduce((s, b) => s + b.owing, 0) === amount && (!found || chosen.length < found.length)) {
      found = chosen;
    }
  }
  return found;
}

/** The largest "kode unik" a school asks parents to add to a bill's total. */
const UNIQUE_CODE_MAX = 999;

function amountSignal(student: MatchStudent, amount: number): { score: number; reason: string } | undefined {
  const open = student.bills.reduce((s, b) => s + b.owing, 0);
  if (open === 0) return undefined;
  if (amount === open)
    return { score: 30, reason: `nominal sama dengan seluruh tagihan terbuka (${formatRupiah(open)})` };
  const exact = billsSumming(student.bills, amount);
  if (exact) {
    return {
      score: 25,
      reason: `nominal sama dengan tagihan ${exact.map((b) => b.bill_number).join(' + ')}`,
    };
  }
  for (const total of [open, ...student.bills.map((b) => b.owing)]) {
    const code = amount - total;
    if (code > 0 && code <= UNIQUE_CODE_MAX) {
      return { score: 25, reason: `nominal ${formatRupiah(total)} ditambah kode unik ${code}` };
    }
  }
  return undefined;
}

const daysBetween = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

function dateSignal(student: MatchStudent, lineDate: string): { score: number; reason: string } | undefined {
  const near = student.bills.find((b) => b.due_date && daysBetween(b.due_date, lineDate) <= 7);
  return near?.due_date
    ? { score: 10, reason: `tanggal transfer dekat jatuh tempo ${near.due_date}` }
    : undefined;
}

/** How alike a name must be to count (after normalising; one typo in a 12-letter name is 0.92). */
const NAME_MIN = 0.8;

function nameSignal(
  student: MatchStudent,
  description: string,
): { score: number; reason: string } | undefined {
  let best: { score: number; reason: string } | undefined;
  const whose = [
    { name: student.name, who: 'siswa' },
    ...student.parents.map((name) => ({ name, who: 'orang tua' })),
  ];
  for (const { name, who } of whose) {
    if (normaliseName(name).length < 3) continue;
    const similarity = nameSimilarity(name, description);
    if (similarity < NAME_MIN) continue;
    const score = Math.round(45 * similarity);
    const reason =
      similarity === 1
        ? `nama ${who} ${name} tertulis di keterangan`
        : `nama ${who} ${name} mirip dengan keterangan (${Math.round(similarity * 100)}%)`;
    if (!best || score > best.score) best = { score, reason };
  }
  return best;
}

/** The line's candidates, most likely first (at most `limit`), each with its confidence and its reasons. */
export function matchLine(
  line: MatchLine,
  students: readonly MatchStudent[],
  limit = 5,
): BankMatchCandidate[] {
  const found: BankMatchCandidate[] = [];
  for (const student of students) {
    const identity = [nisSignal(student.nis, line.description), nameSignal(student, line.description)].filter(
      (s) => s !== undefined,
    );
    if (identity.length === 0) continue;
    const signals = [
      ...identity,
      amountSignal(student, line.amount),
      dateSignal(student, line.line_date),
    ].filter((s) => s !== undefined);
    const confidence = Math.min(
      100,
      signals.reduce((sum, s) => sum + s.score, 0),
    );
    const reason = signals.map((s) => s.reason).join('; ');
    found.push({
      student_id: student.id,
      student_name: student.name,
      nis: student.nis,
      confidence,
      reason: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`,
      open_amount: student.bills.reduce((s, b) => s + b.owing, 0),
    });
  }
  return found.sort((a, b) => b.confidence - a.confidence || a.student_id - b.student_id).slice(0, limit);
}

/** Cocok: the best candidate reaches the threshold and no other candidate is as sure. */
export function isConfident(candidates: readonly BankMatchCandidate[]): boolean {
  const [first, second] = candidates;
  return (
    !!first && first.confidence >= BANK_MATCH_THRESHOLD && (!second || second.confidence < first.confidence)
  );
}
