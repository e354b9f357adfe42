/**
 * What the printed documents write (docs/screens.md "Receipts and notes"): the payer's name and city, edited in
 * place and kept for every reprint, and the print counter that tells the original from a SALINAN (copy). For
 * both payment kinds, student and prospect; finance editors only, the active branch only. The documents read
 * their data from the receipt calls of billing/ and prospect-billing/.
 */
import {
  type PaymentPayerResponse,
  PaymentPayerSchema,
  type PaymentPrintResponse,
  PaymentPrintSchema,
} from '@keuangan/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { loadBranch } from '../billing/queries';
import type { Db } from '../db/client';
import {
  prospective_billing_payments,
  psb_event_prospectives,
  student_billing_payments,
  students,
} from '../db/schema';
import { ApiError, notFound } from '../lib/errors';
import { type BranchScope, findInBranch, inBranch } from '../lib/scope';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';

export const RECEIPT_MESSAGES = {
  saved: 'Data berhasil diubah.',
  voided: 'Pembayaran ini sudah dibatalkan: kuitansinya tidak dapat diubah.',
} as const;

type PaymentTable = typeof student_billing_payments | typeof prospective_billing_payments;

/** One kind of payment: its table, and whose name a receipt prints when no payer name was saved. */
interface PaymentKind {
  path: string;
  payments: PaymentTable;
  defaultPayer(db: Db, payment: { id: number }): Promise<string>;
}

const KINDS: PaymentKind[] = [
  {
    path: 'student-billing-payment',
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
    path: 'prospective-billing-payment',
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
async function savePayer(db: Db, scope: BranchScope, kind: PaymentKind, id: number, body: unknown) {
  const input = validate(PaymentPayerSchema, body);
  const payment = await findInBranch(db, scope, kind.payments, id);
  if (payment.voided_at) throw new ApiError(409, RECEIPT_MESSAGES.voided);
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
async function recordPrint(db: Db, scope: BranchScope, kind: PaymentKind, id: number) {
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

const documented = routeDocs('Receipts');

export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const guard = { preHandler: app.financeEditor };
  for (const kind of KINDS) {
    app.post(
      `/${kind.path}-xupdate/:id`,
      documented(guard, {
        summary: "Set the receipt's payer name and city",
        input: { body: PaymentPayerSchema },
        response: 'PaymentPayerResponse',
      }),
      async (request): Promise<PaymentPayerResponse> => {
        const scope = requireAuth(request);
        const saved = await savePayer(db, scope, kind, pathId(request), request.body);
        return { message: RECEIPT_MESSAGES.saved, ...saved };
      },
    );
    app.post(
      `/${kind.path}-print/:id`,
      documented(guard, {
        summary: 'Count a print of the receipt (the second and later are copies)',
        input: { body: PaymentPrintSchema },
        response: 'PaymentPrintResponse',
      }),
      async (request): Promise<PaymentPrintResponse> => {
        const scope = requireAuth(request);
        validate(PaymentPrintSchema, request.body);
        const printCount = await recordPrint(db, scope, kind, pathId(request));
        return { print_count: printCount, copy: printCount > 1 };
      },
    );
  }
}
