/**
 * Laporan Saldo Titipan (docs/money.md "Saldo Titipan", docs/screens.md#reports): every student of
 * the branch whose credit is not zero, with the balance and the last movement, and the branch's total.
 */
import * as v from 'valibot';
import type { Paged } from './common';
import { pageEntries, periodInOrder, periodQueryEntries, queryChoiceId } from './query';

export const CREDIT_REPORT_TITLE = 'Laporan Saldo Titipan';
export const CREDIT_REPORT_PAGE_SIZE = 20;
export const CREDIT_REPORT_EMPTY = 'Tidak ada Saldo Titipan';

/** Departemen on the student; Tahun Ajaran, Tingkat, Kelas: a class the student sits in. Each 'Semua' when absent. */
const CREDIT_REPORT_FILTER = {
  department_id: queryChoiceId('Departemen'),
  year_of_study_id: queryChoiceId('Tahun Ajaran'),
  level_id: queryChoiceId('Tingkat'),
  class_id: queryChoiceId('Kelas'),
  /** A part of the name or the NIS. */
  q: v.optional(
    v.pipe(v.string('Pencarian tidak valid'), v.trim(), v.maxLength(100, 'Pencarian terlalu panjang')),
    '',
  ),
};

/** `GET /api/student-credit/report-xlsx`: the filter alone (the workbook holds every row). */
export const StudentCreditReportFilterSchema = v.object(CREDIT_REPORT_FILTER);
export type StudentCreditReportFilter = v.InferOutput<typeof StudentCreditReportFilterSchema>;

/** `GET /api/student-credit/report`: the filter and a page. */
export const StudentCreditReportQuerySchema = v.object({
  ...CREDIT_REPORT_FILTER,
  ...pageEntries(CREDIT_REPORT_PAGE_SIZE),
});
export type StudentCreditReportQuery = v.InferOutput<typeof StudentCreditReportQuerySchema>;

/** One student with a Saldo Titipan other than zero. */
export interface StudentCreditReportRow {
  student_id: number;
  nis: string | null;
  name: string;
  department_id: number;
  department_name: string;
  /** The class of the chosen Tahun Ajaran, else of the one holding today; null when none. */
  class_name: string | null;
  /** Whole rupiah: the sum of the student's movements. */
  balance: number;
  /** The newest movement's time (ISO). */
  last_movement_at: string;
}

export interface StudentCreditReport extends Paged<StudentCreditReportRow> {
  /** Whole rupiah: the balances of every row of the filter (every page). */
  total_balance: number;
  /** Whole rupiah: every student's credit in the branch, what Titipan Siswa holds in the books. */
  branch_balance: number;
}

export const CREDIT_MOVEMENT_MESSAGES = {
  fromInvalid: 'Dari Tanggal tidak valid',
  toInvalid: 'Sampai Tanggal tidak valid',
  order: 'Sampai Tanggal tidak boleh sebelum Dari Tanggal',
} as const;

/**
 * `GET /api/student-credit/report-movements`: the report's filter, a range of days (the branch's; both inclusive,
 * either open) and a page: every movement of the filter's students in it.
 */
export const StudentCreditMovementsQuerySchema = v.pipe(
  v.object({
    ...CREDIT_REPORT_FILTER,
    ...periodQueryEntries(CREDIT_MOVEMENT_MESSAGES.fromInvalid, CREDIT_MOVEMENT_MESSAGES.toInvalid),
    ...pageEntries(CREDIT_REPORT_PAGE_SIZE),
  }),
  v.forward(
    v.check((q) => periodInOrder(q), CREDIT_MOVEMENT_MESSAGES.order),
    ['date_to'],
  ),
);
export type StudentCreditMovementsQuery = v.InferOutput<typeof StudentCreditMovementsQuerySchema>;

/** One movement of a student's Saldo Titipan, with the student. */
export interface StudentCreditReportMovement {
  id: number;
  /** ISO time it was written. */
  created_at: string;
  student_id: number;
  nis: string | null;
  name: string;
  class_name: string | null;
  /** Whole rupiah: in (+) or out (-). */
  amount: number;
  source: string;
  note: string | null;
}

/** The movements newest first, paged, with what came in and went out over every page. */
export interface StudentCreditMovementReport extends Paged<StudentCreditReportMovement> {
  total_in: number;
  /** Whole rupiah, negative or 0. */
  total_out: number;
}
