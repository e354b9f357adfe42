/**
 * The payment rows a receipt writes back: the payer's name and city, and the print counter, for both payment
 * kinds (docs/screens.md "Receipts and notes").
 */
import { type PaymentPayerSchema, ROUTES } from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../db/client';
import {
  prospective_billing_payments,
  psb_event_prospectives,
  student_billing_payments,
  students,
} from '../db/schema';
import { loadBranch } from '../lib/branch-letterhead';
import { ApiError, notFound } from '../lib/errors';
import { type BranchScope, findInBranch, inBranch } from '../lib/scope';

type PaymentPayer = v.InferOutput<typeof PaymentPayerSchema>;

/** A voided payment's receipt stays as it was printed. */
export const VOIDED = 'Pembayaran ini sudah dibatalkan: kuitansinya tidak dapat diubah.';

type PaymentTable = typeof student_billing_payments | typeof prospective_billing_payments;

/** One kind of payment: its table, and whose name a receipt prints when no payer name was saved. */
export interface PaymentKind {
  /** Its payer and print routes in the contract's table (their body schemas are the same for both kinds). */
  routes: {
    payer: typeof ROUTES.receipts.studentPayer | typeof ROUTES.receipts.prospectPayer;
    print: typeof ROUTES.receipts.studentPrint | typeof ROUTES.receipts.prospectPrint;
  };
  /** Their body schemas (the contract's ROUTE_INPUTS), typed as the student's: the compiler keeps both alike. */
  inputs: {
    payer: (typeof ROUTE_INPUTS.receipts.studentPayer)['body'];
    print: (typeof ROUTE_INPUTS.receipts.studentPrint)['body'];
  };
  payments: PaymentTable;
  defaultPayer(db: Db, payment: { id: number }): Promise<string>;
}

export const KINDS: PaymentKind[] = [
  {
    routes: { payer: ROUTES.receipts.studentPayer, print: ROUTES.receipts.studentPrint },
    inputs: {
      payer: ROUTE_INPUTS.receipts.studentPayer.body,
      print: ROUTE_INPUTS.receipts.studentPrint.body,
    },
    payments: student_billing_payments,
    async defaultPayer(db, payment) {
      const [row] = await db
        .select({ name: students.name })
        .from(student_billing_payments)
        .innerJoin(students, eq(students.id, student_billing_payments.student_id))
        .where(eq(student_billing_payments.id, payment.id));
      return row?.name ?? '';
    },
  },
  {
    routes: { payer: ROUTES.receipts.prospectPayer, print: ROUTES.receipts.prospectPrint },
    inputs: {
      payer: ROUTE_INPUTS.receipts.prospectPayer.body,
      print: ROUTE_INPUTS.receipts.prospectPrint.body,
    },
    payments: prospective_billing_payments,
    async defaultPayer(db, payment) {
      const [row] = await db
        .select({ name: psb_event_prospectives.name })
        .from(prospective_billing_payments)
        .innerJoin(
          psb_event_prospectives,
          eq(psb_event_prospectives.id, prospective_billing_payments.psb_event_prospective_id),
        )
        .where(eq(prospective_billing_payments.id, payment.id));
      return row?.name ?? '';
    },
  },
];

/** Saves the payer's name and/or city; an empty value goes back to the default. A voided receipt stays as it was. */
export async function savePayer(
  db: Db,
  scope: BranchScope,
  kind: PaymentKind,
  id: number,
  input: PaymentPayer,
) {
  const payment = await findInBranch(db, scope, kind.payments, id);
  if (payment.voided_at) throw new ApiError(409, VOIDED);
  const changes: { payer_name?: string | null; payer_city?: string | null; updated_at: Date } = {
    updated_at: new Date(),
  };
  if (input.payer_name !== undefined) changes.payer_name = input.payer_name;
  if (input.payer_city !== undefined) changes.payer_city = input.payer_city;
  const [saved] = await db
    .update(kind.payments)
    .set(changes)
    .where(inBranch(scope, kind.payments, eq(kind.payments.id, id)))
    .returning({ payer_name: kind.payments.payer_name, payer_city: kind.payments.payer_city });
  if (!saved) throw notFound();
  const [defaultName, branch] = await Promise.all([kind.defaultPayer(db, payment), loadBranch(db, scope)]);
  return {
    payer_name: saved.payer_name ?? defaultName,
    payer_city: saved.payer_city ?? branch.city ?? '',
  };
}

/**
 * Counts one print in a single atomic update: of two prints at the same moment exactly one is the first.
 * Voided payments print too (marked DIBATALKAN), and count.
 */
export async function recordPrint(db: Db, scope: BranchScope, kind: PaymentKind, id: number) {
  const [row] = await db
    .update(kind.payments)
    .set({
      print_count: sql`${kind.payments.print_count} + 1`,
      first_printed_at: sql`coalesce(${kind.payments.first_printed_at}, now())`,
    })
    .where(inBranch(scope, kind.payments, eq(kind.payments.id, id)))
    .returning({ print_count: kind.payments.print_count });
  if (!row) throw notFound();
  return row.print_count;
}

/** Counts a print of a student's receipt (the embedded view's PDF links): answers the count. */
export const countStudentPrint = (db: Db, scope: BranchScope, paymentId: number) =>
  recordPrint(db, scope, KINDS[0] as PaymentKind, paymentId);
