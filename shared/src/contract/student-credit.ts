/**
 * Saldo Titipan, a student's credit (docs/money.md "Saldo Titipan"): its balance and movements, and spending it
 * on the student's bills ("Gunakan Saldo Titipan"), which is a payment of the credit's own payment type.
 */
import * as v from 'valibot';
import { requiredId } from './billing/validators';
import type { Paged } from './common';
import { listQueryEntries, requiredQueryId } from './query';

/** The payment type of a payment whose money is the student's Saldo Titipan (PAYMENT_TYPES 9; never at the counter). */
export const CREDIT_PTYPE = 9;

/** Where a movement came from, as the screens name it. */
export const CREDIT_SOURCES = [
  { value: 'online_mismatch', label: 'Pembayaran online dengan jumlah berbeda' },
  { value: 'online_already_paid', label: 'Pembayaran online untuk tagihan yang sudah dibayar' },
  { value: 'bank_excess', label: 'Kelebihan transfer bank' },
  { value: 'payment_void', label: 'Pembatalan pembayaran' },
  { value: 'credit_spent', label: 'Dipakai untuk membayar tagihan' },
  { value: 'credit_spent_void', label: 'Pembayaran dengan Saldo Titipan dibatalkan' },
] as const;

export const creditSourceLabel = (source: string): string =>
  CREDIT_SOURCES.find((s) => s.value === source)?.label ?? source;

/** One movement of a student's Saldo Titipan, newest first. */
export interface StudentCreditMovement {
  id: number;
  /** Whole rupiah: in (+) or out (-). */
  amount: number;
  source: string;
  reference: string;
  note: string | null;
  /** The payment it came with or paid (a `payment:{id}` reference), else null. */
  payment_id: number | null;
  created_at: string;
}

/** `GET /api/student-credit?student_id=`: the movements paged, with the balance (their sum). */
export interface StudentCreditPage extends Paged<StudentCreditMovement> {
  /** Whole rupiah: the sum of every movement (0 when none). */
  balance: number;
}

const { page: CREDIT_PAGE, limit: CREDIT_LIMIT } = listQueryEntries(['created_at'] as const);

/** `GET /api/student-credit`: one student's balance and movements, paged. */
export const StudentCreditQuerySchema = v.object({
  student_id: requiredQueryId('Siswa'),
  page: CREDIT_PAGE,
  limit: CREDIT_LIMIT,
});

/** `POST /api/student-credit-spend`: the student's ticked bills; the server spends min(balance, what they owe). */
export const StudentCreditSpendSchema = v.object({
  student_id: requiredId('Siswa tidak valid'),
  student_billing_ids: v.pipe(
    v.array(requiredId('Billing tidak valid'), 'Billing yang dibayar tidak boleh kosong'),
    v.minLength(1, 'Billing yang dibayar tidak boleh kosong'),
    v.maxLength(100, 'Maksimal 100 billing sekaligus'),
  ),
});
export type StudentCreditSpendInput = v.InferOutput<typeof StudentCreditSpendSchema>;

export const CREDIT_MESSAGES = {
  empty: 'Saldo Titipan siswa ini kosong',
  nothingDue: 'Tidak ada tagihan yang dapat dibayar dengan Saldo Titipan',
  keyRequired: 'Idempotency-Key wajib diisi untuk memakai Saldo Titipan',
} as const;
