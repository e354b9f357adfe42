/**
 * Rekening Siswa, a student's statement (docs/screens.md#rekening-siswa, docs/money.md#the-students-statement):
 * every bill, item, discount, payment and void of one student in date order with a running balance, for a
 * period. The server computes every figure; the screen and the PDF show them as they come.
 */
import * as v from 'valibot';
import { periodInOrder, periodQueryEntries, requiredQueryId } from './query';

export const STATEMENT_TITLE = 'Rekening Siswa';

/** The screen (remote-billing), linked from the student's page, their bills and the embedded view. */
export const studentStatementPath = (studentId: number) => `/student-billing/statement/${studentId}`;

export const STATEMENT_MESSAGES = {
  fromInvalid: 'Tanggal awal tidak valid',
  toInvalid: 'Tanggal akhir tidak valid',
  order: 'Tanggal akhir tidak boleh sebelum tanggal awal',
} as const;

/** What a line is: the balance brought forward, a bill (no amount of its own), an item, what comes off it, a payment, a void. */
export type StatementLineKind = 'opening' | 'bill' | 'item' | 'discount' | 'bail' | 'payment' | 'void';

export interface StatementLine {
  kind: StatementLineKind;
  /** 'YYYY-MM-DD': the bill's date (bill, items, deductions), the payment date, the day of the void (branch's zone). */
  date: string;
  /** 'Tagihan Juli 2026 (Utama)', 'SPP', 'Diskon SPP', 'Pembayaran', 'Pembatalan pembayaran', ... */
  description: string;
  /** The bill's or the payment's number; null for the opening line. */
  reference: string | null;
  /** What the line adds to the balance: an item's Total Biaya, a voided payment given back. */
  debit: number;
  /** What the line takes off: a discount, a ditanggung, a payment. */
  credit: number;
  /** The balance after this line. */
  balance: number;
}

/**
 * A line's money by column, the screen's and the PDF's alike (docs/screens.md#rekening-siswa): Tagihan what it
 * adds, Potongan a discount or ditanggung taken off, Pembayaran a payment taken off.
 */
export function statementAmounts(line: Pick<StatementLine, 'kind' | 'debit' | 'credit'>): {
  charge: number;
  deduction: number;
  payment: number;
} {
  const deduction = line.kind === 'discount' || line.kind === 'bail' ? line.credit : 0;
  return { charge: line.debit, deduction, payment: line.credit - deduction };
}

export interface StatementTotals {
  /** The balance before the period: everything dated earlier. */
  opening: number;
  /** Items charged in the period (Total Biaya, before deductions). */
  charged: number;
  /** Discounts and ditanggung of those items. */
  deducted: number;
  /** Payments dated in the period, voided ones included (their void gives them back). */
  paid: number;
  /** Payments voided in the period. */
  voided: number;
  /** The balance at the end: opening + charged − deducted − paid + voided. */
  owed: number;
  /** Saldo Titipan at the end: the student's credit movements up to the last day (docs/money.md); apart from owed. */
  credit: number;
}

/** `GET /api/student-statement`: one student's statement. */
export interface StudentStatement {
  student: { id: number; name: string; nis: string; department: string };
  period: { from: string; to: string };
  lines: StatementLine[];
  totals: StatementTotals;
}

const periodEntries = periodQueryEntries(STATEMENT_MESSAGES.fromInvalid, STATEMENT_MESSAGES.toInvalid);

/** The screen's period form: both ends inclusive, each optional (`statementPeriod` fills them in). */
export const StatementPeriodSchema = v.pipe(
  v.object(periodEntries),
  v.forward(
    v.check((q) => periodInOrder(q), STATEMENT_MESSAGES.order),
    ['date_to'],
  ),
);

/** The statement's query (and its PDF's): the student, and the period. */
export const StatementQuerySchema = v.pipe(
  v.object({ student_id: requiredQueryId('Siswa'), ...periodEntries }),
  v.forward(
    v.check((q) => periodInOrder(q), STATEMENT_MESSAGES.order),
    ['date_to'],
  ),
);

export type StatementQuery = v.InferOutput<typeof StatementQuerySchema>;

/**
 * The period asked for, its missing ends filled in: from the school year's start (`defaultStatementPeriod`),
 * to today; an end given alone past the other's default moves that default along.
 */
export function statementPeriod(
  today: string,
  asked: { date_from?: string | undefined; date_to?: string | undefined },
): { from: string; to: string } {
  const fallback = defaultStatementPeriod(today);
  const from = asked.date_from ?? fallback.from;
  const to = asked.date_to ?? fallback.to;
  if (from <= to) return { from, to };
  return asked.date_to ? { from: to, to } : { from, to: from };
}

/**
 * The period when none is asked for (docs/money.md#the-students-statement): the current school year, from
 * 1 July (the year of study runs July to June) to today.
 */
export function defaultStatementPeriod(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return { from: `${month >= 7 ? year : year - 1}-07-01`, to: today };
}
