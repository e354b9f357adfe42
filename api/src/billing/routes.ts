/**
 * Student billing and payments (api/ROUTES.md "Billing" and the two PDFs): list, detail, charging, extra
 * bills, confirmation, items, payments, receipts, payment history. Finance editors only, scoped to the active
 * branch. The rules are in api/ROUTES.md "Billing"; the money formulas are the contract's.
 */
import {
  BILLING_PAGE_SIZE,
  DEDUCTIONS_EXCEED_PRICE,
  DEFAULT_ITEM_REMOVAL_REASON,
  DEFAULT_VOID_REASON,
  deductionsFit,
  FORM_STATUS_CONFIRMED,
  isCalendarDate,
  type MessageResponse,
  PAYMENT_HISTORY_PAGE_SIZE,
  queryChoice,
  queryChoiceId,
  requiredQueryId,
  STUDENT_BILLING_ORDER_FIELDS,
  type StudentBillingBatchResponse,
  StudentBillingBatchSchema,
  type StudentBillingConfirmResponse,
  StudentBillingConfirmSchema,
  type StudentBillingDetail,
  type StudentBillingExtraResponse,
  StudentBillingExtraSchema,
  StudentBillingItemCreateSchema,
  StudentBillingItemRemoveSchema,
  StudentBillingItemXUpdateSchema,
  type StudentBillingListResponse,
  StudentBillingPayManySchema,
  type StudentBillingPaymentPage,
  type StudentBillingPaymentReceipt,
  StudentBillingPaySchema,
  type StudentBillingWriteResponse,
  StudentBillingXUpdateSchema,
  type StudentBrief,
} from '@keuangan/shared/contract';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { auditWho, recordAudit } from '../audit/record';
import { requireAuth } from '../auth/guard';
import { assertStudentPaymentsVoidable } from '../cash-closing/rules';
import type { Tx } from '../db/client';
import { departments, student_fee_components } from '../db/schema';
import { DOCUMENT_ROUTE } from '../documents/limit';
import { assertBillsReachable, assertStudentReachable } from '../embed/tokens';
import { assertNoInstalments } from '../instalments/rules';
import { ApiError, fieldError, notFound } from '../lib/errors';
import { containsPattern, listQueryEntries, pagedResponse } from '../lib/paging';
import { type BranchScope, findInBranch, scopeValues, type ZonedScope } from '../lib/scope';
import { todayIn } from '../lib/time';
import { pathId, validate } from '../lib/validate';
import { PDF, routeDocs } from '../openapi/route-docs';
import {
  confirmBillsWhere,
  countBillsWhere,
  countItemsOnBill,
  deleteBillAndItems,
  deleteItem,
  findItemBillId,
  insertBillItem,
  isComponentCharged,
  isInClass,
  loadPaymentLinesOf,
  lockItemOnBill,
  markItemRemoved,
  setBillFormStatus,
  setItemField,
  unconfirmedBillsWhere,
} from './bill-queries';
import { CHARGE_MESSAGES, chargeBatch, createExtraBills } from './charge';
import { payFromRequest, refreshTotals } from './engine';
import { countListBills, LIST_FILTERS, type ListShape, readListResume, runListPage } from './list-queries';
import { sendPdf } from './pdf';
import {
  loadBillDetail,
  loadBranch,
  loadClassStudents,
  loadPaymentHistoryPage,
  loadReceipt,
  loadStudentBillsForPdf,
  loadStudentName,
  loadStudentWithBatch,
  toBill,
} from './queries';
import {
  assertDeletable,
  assertItemsEditable,
  BILLING_MESSAGES,
  lockStudentBill,
  STUDENT_BILLS,
  type StudentBillRow,
} from './rules';

const MESSAGES = {
  confirmedAll: 'Konfirmasi Form Billing Siswa Berhasil',
  confirmed: 'Konfirmasi billing Berhasil',
  unconfirmed: 'Konfirmasi billing berhasil dibatalkan',
  itemAdded: 'Berhasil Menambahkan Komponen',
  updated: 'Data berhasil diubah.',
  deleted: 'Data berhasil dihapus',
} as const;

// --- query strings ---------------------------------------------------------------------------------------

const optionalDate = (label: string) =>
  v.optional(
    v.pipe(
      v.string(`${label} tidak valid`),
      v.trim(),
      v.check((s) => s === '' || isCalendarDate(s), `${label} tidak valid`),
      v.transform((s) => s || undefined),
    ),
  );

const pageSize = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string('Jumlah per halaman harus 1 sampai 100'),
      v.regex(/^[1-9]\d{0,2}$/, 'Jumlah per halaman harus 1 sampai 100'),
      v.transform(Number),
      v.maxValue(100, 'Jumlah per halaman harus 1 sampai 100'),
    ),
    String(fallback),
  );

const ListQuery = v.object({
  department_id: requiredQueryId('Departemen'),
  year_of_study_id: requiredQueryId('Tahun Ajaran'),
  yos_periode_id: queryChoiceId('Periode KBM'),
  level_id: queryChoiceId('Tingkat'),
  class_id: queryChoiceId('Kelas'),
  mm: queryChoice('Bulan', /^\d{4}-(0[1-9]|1[0-2])$/, String),
  payment_status: queryChoice('Status Pembayaran', /^[01]$/, Number),
  type: queryChoice('Tipe Billing', /^[12]$/, Number),
  // One student's bills (the embedded billing view of another module).
  student_id: queryChoiceId('Siswa'),
  // At least this many days late (docs/money.md "Due dates and arrears").
  overdue_min: queryChoice('Keterlambatan', /^[1-9]\d{0,3}$/, Number),
  ...listQueryEntries(STUDENT_BILLING_ORDER_FIELDS),
  limit: pageSize(BILLING_PAGE_SIZE),
  with_resume: v.optional(
    v.pipe(
      v.picklist(['', '0', '1', 'true', 'false'], 'with_resume harus true atau false'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    'false',
  ),
});

const StudentAllQuery = v.object({
  department_id: requiredQueryId('Departemen'),
  class_id: requiredQueryId('Kelas'),
  study_status: v.optional(
    v.pipe(
      v.string('Status siswa tidak valid'),
      v.regex(/^[1-3]$/, 'Status siswa tidak valid'),
      v.transform(Number),
    ),
    '1',
  ),
});

const PaymentHistoryQuery = v.object({
  student_id: requiredQueryId('Siswa'),
  department_id: requiredQueryId('Departemen'),
  bill_date_before: optionalDate('bill_date_before'),
  page: listQueryEntries(['id']).page,
  limit: pageSize(PAYMENT_HISTORY_PAGE_SIZE),
  orderby: v.optional(v.picklist(['id', 'payment_date'], 'Urutan tidak valid'), 'id'),
  sort: v.optional(v.picklist(['asc', 'desc'], 'Arah urutan tidak valid'), 'asc'),
});

const PdfQuery = v.object({
  student_id: requiredQueryId('Siswa'),
  department_id: requiredQueryId('Departemen'),
  form_status: v.optional(
    v.pipe(v.picklist(['0', '1'], 'form_status harus 0 atau 1'), v.transform(Number)),
    '1',
  ),
  payment_status: v.optional(
    v.pipe(v.picklist(['0', '1'], 'payment_status harus 0 atau 1'), v.transform(Number)),
    '0',
  ),
  bill_date_before: optionalDate('bill_date_before'),
});

type ListQuery = v.InferOutput<typeof ListQuery>;

/** The shape of the list's statement (list-queries.ts) this query asks for. */
const listShape = (q: ListQuery): ListShape => ({
  filters: LIST_FILTERS.filter((f) => q[f] !== undefined),
  searching: q.q !== '',
  order: [q.orderby, q.sort],
  resume: q.with_resume,
});

/** The values of the placeholders of the list's statements for this query. */
function listValues(scope: ZonedScope, q: ListQuery, shape: ListShape) {
  return {
    ...scopeValues(scope),
    today: todayIn(scope),
    ...Object.fromEntries(shape.filters.map((f) => [f, q[f]])),
    pattern: shape.searching ? containsPattern(q.q) : undefined,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}

const documented = routeDocs('Billing');

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };
  // What the embedded view calls: embed tokens reach these, for their own student (embed/tokens.ts).
  const embedRead = { ...guard, config: { embed: 'read' as const } };
  const embedPay = { ...guard, config: { embed: 'pay' as const } };
  const embedDocument = { ...guard, config: { embed: 'read' as const, ...DOCUMENT_ROUTE } };
  const writeAnswer = async (
    scope: ZonedScope,
    id: number,
    message: string,
  ): Promise<StudentBillingWriteResponse> => ({
    message,
    data: await loadBillDetail(db, scope, id),
  });

  // --- reading -------------------------------------------------------------------------------------------

  app.get(
    '/student-billing',
    documented(embedRead, {
      summary: 'Bills matching the filters, paged; with_resume adds the sums',
      input: { query: ListQuery },
      response: 'StudentBillingListResponse',
    }),
    async (request): Promise<StudentBillingListResponse> => {
      const scope = requireAuth(request);
      const query = validate(ListQuery, request.query);
      assertStudentReachable(scope, query.student_id);
      const shape = listShape(query);
      const values = listValues(scope, query, shape);
      const [rows, counted] = await Promise.all([
        runListPage(db, shape, values),
        shape.resume ? undefined : countListBills(db, shape, values),
      ]);
      // An empty page carries no resume: it reads it on its own.
      const resume = shape.resume
        ? (rows[0]?.resume ?? (await readListResume(db, shape, values)))
        : undefined;
      const total = resume?.count_bill ?? counted ?? 0;
      const page = pagedResponse(rows.map(toBill), total, query.page, query.limit);
      return resume ? { ...page, resume } : page;
    },
  );

  app.get(
    '/student-billing/:id',
    documented(embedRead, {
      summary: 'One bill with items and payments',
      input: 'none',
      response: 'StudentBillingDetail',
    }),
    async (request): Promise<StudentBillingDetail> => {
      const auth = requireAuth(request);
      const bill = await loadBillDetail(db, auth, pathId(request));
      assertStudentReachable(auth, bill.student_id);
      return bill;
    },
  );

  app.get(
    '/student-all',
    documented(guard, {
      summary: 'Students of a class (extra bill form)',
      input: { query: StudentAllQuery },
      response: 'StudentBriefs',
    }),
    async (request): Promise<StudentBrief[]> => {
      const scope = requireAuth(request);
      const query = validate(StudentAllQuery, request.query);
      return loadClassStudents(db, scope, query);
    },
  );

  app.get(
    '/student-billing-payment',
    documented(embedRead, {
      summary: "A student's payments, paged",
      input: { query: PaymentHistoryQuery },
      response: 'StudentBillingPaymentPage',
    }),
    async (request): Promise<StudentBillingPaymentPage> => {
      const scope = requireAuth(request);
      const query = validate(PaymentHistoryQuery, request.query);
      assertStudentReachable(scope, query.student_id);
      const student = await loadStudentWithBatch(db, scope, query.student_id);
      const department = await findInBranch(db, scope, departments, query.department_id);
      const { payments, total } = await loadPaymentHistoryPage(db, scope, {
        student_id: query.student_id,
        department_id: query.department_id,
        before: query.bill_date_before,
        orderby: query.orderby,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const { batch_name, ...who } = student;
      return {
        ...pagedResponse(payments, total, query.page, query.limit),
        student: { ...who, batch: batch_name === null ? null : { name: batch_name } },
        department: { id: department.id, name: department.name },
      };
    },
  );

  app.get(
    '/ref-student-billing-payment/:id',
    documented(embedRead, {
      summary: 'One payment as its receipt shows it',
      input: 'none',
      response: 'StudentBillingPaymentReceipt',
    }),
    async (request): Promise<StudentBillingPaymentReceipt> => {
      const auth = requireAuth(request);
      const receipt = await loadReceipt(db, auth, pathId(request));
      assertStudentReachable(auth, receipt.student.id);
      return receipt;
    },
  );

  app.get(
    '/student-billing-pdf/:id',
    documented(embedDocument, { summary: 'One bill as a PDF', input: 'none', response: { file: PDF } }),
    async (request, reply) => {
      const scope = requireAuth(request);
      const bill = await loadBillDetail(db, scope, pathId(request));
      assertStudentReachable(scope, bill.student_id);
      return sendPdf(
        reply,
        await app.documents.build('billPdf', await loadBranch(db, scope), bill),
        `billing-${bill.bill_number}.pdf`,
      );
    },
  );

  app.get(
    '/student-billing-pdf',
    documented(embedDocument, {
      summary: "A student's unsettled bills as a PDF (Semua Tagihan)",
      input: { query: PdfQuery },
      response: { file: PDF },
    }),
    async (request, reply) => {
      const scope = requireAuth(request);
      const query = validate(PdfQuery, request.query);
      assertStudentReachable(scope, query.student_id);
      const student = await loadStudentName(db, scope, query.student_id);
      const department = await findInBranch(db, scope, departments, query.department_id);
      const bills = await loadStudentBillsForPdf(db, scope, {
        student_id: query.student_id,
        department_id: query.department_id,
        form_status: query.form_status,
        payment_status: query.payment_status,
        before: query.bill_date_before,
      });
      const pdf = await app.documents.build(
        'billsPdf',
        await loadBranch(db, scope),
        student,
        department.name,
        bills,
      );
      return sendPdf(reply, pdf, `semua-tagihan-${student.nis}.pdf`);
    },
  );

  // --- charging and confirming ---------------------------------------------------------------------------

  app.post(
    '/student-billing-batch',
    documented(guard, {
      summary: "Charge a class's (or level's) fee components of a month as bills",
      input: { body: StudentBillingBatchSchema },
      response: 'StudentBillingBatchResponse',
    }),
    async (request): Promise<StudentBillingBatchResponse> => {
      const auth = requireAuth(request);
      const filter = validate(StudentBillingBatchSchema, request.body);
      const outcome = await app.database.transaction((tx) => chargeBatch(tx, auth, filter));
      return { message: CHARGE_MESSAGES.charged, ...outcome };
    },
  );

  app.post(
    '/student-billing-extra',
    documented(guard, {
      summary: 'Extra bills for chosen students',
      input: { body: StudentBillingExtraSchema },
      response: 'StudentBillingExtraResponse',
      status: [201],
    }),
    async (request, reply): Promise<StudentBillingExtraResponse> => {
      const auth = requireAuth(request);
      const body = validate(StudentBillingExtraSchema, request.body);
      const ids = await app.database.transaction((tx) => createExtraBills(tx, auth, body));
      reply.status(201);
      return { message: CHARGE_MESSAGES.extraCreated, created: ids.length, ids };
    },
  );

  app.post(
    '/student-billing-update-form-status',
    documented(guard, {
      summary: 'Confirm the unconfirmed bills matching the filters (or count them: dry_run)',
      input: { body: StudentBillingConfirmSchema },
      response: 'StudentBillingConfirmResponse',
    }),
    async (request): Promise<StudentBillingConfirmResponse> => {
      const scope = requireAuth(request);
      const body = validate(StudentBillingConfirmSchema, request.body);
      // Only what the list shows (its filter and search) or, when bills are ticked, only those.
      const where = unconfirmedBillsWhere(db, scope, body);
      if (body.dry_run) return { message: '', confirmed: await countBillsWhere(db, where) };
      const confirmed = await app.database.transaction(async (tx) => {
        const rows = await confirmBillsWhere(tx, where);
        if (rows.length > 0) {
          await recordAudit(tx, auditWho(scope), {
            action: 'billing.confirm_all',
            entity: 'student_billing',
            after: { count: rows.length, ids: rows.map((row) => row.id) },
          });
        }
        return rows.length;
      });
      return { message: MESSAGES.confirmedAll, confirmed };
    },
  );

  app.post(
    '/student-billing-xupdate/:id',
    documented(guard, {
      summary: 'Confirm or unconfirm one bill',
      input: { body: StudentBillingXUpdateSchema },
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(StudentBillingXUpdateSchema, request.body);
      await app.database.transaction(async (tx) => {
        // Withdrawing voids payments whole, a payment of several bills too: lock all its bills in id order first
        // (as a payment does), so the two queue instead of deadlocking.
        const paidWith =
          body.value === FORM_STATUS_CONFIRMED ? [] : await STUDENT_BILLS.billsPaidWith(tx, id);
        const locked = new Map<number, StudentBillRow>();
        for (const other of [id, ...paidWith].sort((a, b) => a - b)) {
          locked.set(other, await lockStudentBill(tx, auth, other));
        }
        const bill = locked.get(id) as StudentBillRow;
        if (bill.form_status === body.value) return; // already so: nothing to do
        if (body.value === FORM_STATUS_CONFIRMED) {
          if (!(await countItemsOnBill(tx, id))) throw new ApiError(422, BILLING_MESSAGES.noItems);
        } else {
          // Withdrawing the confirmation voids the payments (kept, with who, when and why) and reopens the items.
          // A payment of several bills paid before the locks were taken is voided too: its bills are locked now.
          for (const other of await STUDENT_BILLS.billsPaidWith(tx, id)) {
            if (!locked.has(other)) locked.set(other, await lockStudentBill(tx, auth, other));
          }
          const reason = body.void_reason ?? DEFAULT_VOID_REASON;
          const voided = await STUDENT_BILLS.voidPayments(tx, id, auth.userId, reason);
          // A payment of a closed cash day stays until a manager reopens that day (cash-closing/rules.ts).
          await assertStudentPaymentsVoidable(tx, auth, voided);
          for (const paymentId of voided) {
            await recordAudit(tx, auditWho(auth), {
              action: 'payment.void',
              entity: 'student_billing_payment',
              entityId: paymentId,
              reason,
            });
          }
        }
        await setBillFormStatus(tx, id, body.value);
        await recordAudit(tx, auditWho(auth), {
          action: body.value === FORM_STATUS_CONFIRMED ? 'billing.confirm' : 'billing.unconfirm',
          entity: 'student_billing',
          entityId: id,
          before: { form_status: bill.form_status },
          after: { form_status: body.value },
          reason: body.value === FORM_STATUS_CONFIRMED ? null : (body.void_reason ?? DEFAULT_VOID_REASON),
        });
        for (const other of locked.keys()) await refreshTotals(tx, STUDENT_BILLS, other);
      });
      return writeAnswer(
        auth,
        id,
        body.value === FORM_STATUS_CONFIRMED ? MESSAGES.confirmed : MESSAGES.unconfirmed,
      );
    },
  );

  app.delete(
    '/student-billing/:id',
    documented(guard, {
      summary: 'Delete an unconfirmed bill without payments',
      input: 'none',
      response: 'MessageResponse',
    }),
    async (request): Promise<MessageResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      await app.database.transaction(async (tx) => {
        const bill = await lockStudentBill(tx, auth, id);
        await assertDeletable(tx, bill);
        await deleteBillAndItems(tx, id);
      });
      return { message: MESSAGES.deleted };
    },
  );

  // --- items ---------------------------------------------------------------------------------------------

  app.post(
    '/student-billing-item',
    documented(guard, {
      summary: 'Add a fee component to an unconfirmed bill',
      input: { body: StudentBillingItemCreateSchema },
      response: 'StudentBillingWriteResponse',
      status: [201],
    }),
    async (request, reply): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const body = validate(StudentBillingItemCreateSchema, request.body);
      const billId = body.student_billing_id;
      await app.database.transaction(async (tx) => {
        const bill = await lockStudentBill(tx, auth, billId);
        assertItemsEditable(bill);
        const component = await findInBranch(tx, auth, student_fee_components, body.student_fee_component_id);
        const member = await isInClass(tx, component.class_id, bill.student_id);
        if (!member || component.department_id !== bill.department_id) {
          throw fieldError('student_fee_component_id', BILLING_MESSAGES.componentNotForStudent);
        }
        if (await isComponentCharged(tx, bill.student_id, component.id)) {
          throw new ApiError(409, BILLING_MESSAGES.componentCharged);
        }
        await insertBillItem(
          tx,
          auth,
          {
            id: billId,
            department_id: bill.department_id,
            student_id: bill.student_id,
            bill_date: bill.bill_date,
          },
          component,
          body.price ?? component.price,
          body.qty ?? 1,
        );
        await recordAudit(tx, auditWho(auth), {
          action: 'billing_item.add',
          entity: 'student_billing',
          entityId: billId,
          after: { component: component.name, price: body.price ?? component.price, qty: body.qty ?? 1 },
        });
        await refreshTotals(tx, STUDENT_BILLS, billId);
      });
      reply.status(201);
      return writeAnswer(auth, billId, MESSAGES.itemAdded);
    },
  );

  /** The item of the branch (still on its bill) and its bill, both locked, refused unless the bill is unconfirmed. */
  const lockEditableItem = async (tx: Tx, auth: BranchScope, id: number) => {
    const billId = await findItemBillId(tx, auth, id);
    if (billId === undefined) throw notFound();
    const bill = await lockStudentBill(tx, auth, billId);
    assertItemsEditable(bill);
    const item = await lockItemOnBill(tx, id);
    if (!item) throw notFound();
    // A split item keeps its price and quantity: its instalments add up to them (docs/money.md "Instalments").
    await assertNoInstalments(tx, id);
    return item;
  };

  app.post(
    '/student-billing-item-xupdate/:id',
    documented(guard, {
      summary: "Change one field of a bill's item (price, discount, ditanggung, qty)",
      input: { body: StudentBillingItemXUpdateSchema },
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const body = validate(StudentBillingItemXUpdateSchema, request.body);
      const billId = await app.database.transaction(async (tx) => {
        const item = await lockEditableItem(tx, auth, id);
        const next = {
          price: item.price,
          discount: item.discount,
          bail: item.bail,
          qty: item.qty,
          [body.field]: body.value,
        };
        if (!deductionsFit(next)) throw fieldError(body.field, DEDUCTIONS_EXCEED_PRICE);
        await setItemField(tx, id, body.field, body.value);
        await recordAudit(tx, auditWho(auth), {
          action: 'billing_item.update',
          entity: 'student_billing_item',
          entityId: id,
          before: { [body.field]: item[body.field] },
          after: { [body.field]: body.value },
        });
        await refreshTotals(tx, STUDENT_BILLS, item.student_billing_id);
        return item.student_billing_id;
      });
      return writeAnswer(auth, billId, MESSAGES.updated);
    },
  );

  // An item no payment ever named is deleted; one a payment named (voided, since the bill is unconfirmed) is
  // kept, marked removed with who, when and why, so its void receipts stay whole (api/ROUTES.md "Removing an item").
  app.delete(
    '/student-billing-item/:id',
    documented(guard, {
      summary: 'Remove an item from an unconfirmed bill (kept as removed)',
      input: { query: StudentBillingItemRemoveSchema },
      response: 'StudentBillingWriteResponse',
    }),
    async (request): Promise<StudentBillingWriteResponse> => {
      const auth = requireAuth(request);
      const id = pathId(request);
      const { reason } = validate(StudentBillingItemRemoveSchema, request.query ?? {});
      const billId = await app.database.transaction(async (tx) => {
        const item = await lockEditableItem(tx, auth, id);
        const siblings = await countItemsOnBill(tx, item.student_billing_id);
        if (siblings <= 1) throw new ApiError(409, BILLING_MESSAGES.lastItem);
        const lines = await loadPaymentLinesOf(tx, id);
        if (lines.some((line) => !line.is_void)) throw new ApiError(409, BILLING_MESSAGES.itemHasPayments);
        if (lines.length === 0) {
          await deleteItem(tx, id);
        } else {
          await markItemRemoved(tx, id, auth.userId, reason ?? DEFAULT_ITEM_REMOVAL_REASON);
        }
        await recordAudit(tx, auditWho(auth), {
          action: 'billing_item.remove',
          entity: 'student_billing_item',
          entityId: id,
          before: {
            bill: item.student_billing_id,
            price: item.price,
            discount: item.discount,
            qty: item.qty,
          },
          reason: reason ?? DEFAULT_ITEM_REMOVAL_REASON,
        });
        await refreshTotals(tx, STUDENT_BILLS, item.student_billing_id);
        return item.student_billing_id;
      });
      return writeAnswer(auth, billId, MESSAGES.deleted);
    },
  );

  // --- paying --------------------------------------------------------------------------------------------

  app.post(
    '/student-billing-pay/:id',
    documented(embedPay, {
      summary: 'Pay items of one bill (all or nothing; 200 replays a payment already made)',
      input: { body: StudentBillingPaySchema },
      response: 'StudentBillingPaymentReceipt',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<StudentBillingPaymentReceipt> => {
      const { student_billing_items: lines, ...body } = validate(StudentBillingPaySchema, request.body);
      await assertBillsReachable(db, requireAuth(request), [pathId(request)]);
      const { auth, paymentId } = await payFromRequest(
        app.database,
        STUDENT_BILLS,
        request,
        reply,
        lines,
        body,
      );
      return loadReceipt(db, auth, paymentId);
    },
  );

  // Several bills of one student, one payment (api/ROUTES.md "Several bills, one payment").
  app.post(
    '/student-billing-pay',
    documented(embedPay, {
      summary: "Pay items of several of a student's bills in one payment",
      input: { body: StudentBillingPayManySchema },
      response: 'StudentBillingPaymentReceipt',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<StudentBillingPaymentReceipt> => {
      const {
        student_billing_ids: billIds,
        student_billing_items: lines,
        ...body
      } = validate(StudentBillingPayManySchema, request.body);
      await assertBillsReachable(db, requireAuth(request), billIds);
      const { auth, paymentId } = await payFromRequest(
        app.database,
        STUDENT_BILLS,
        request,
        reply,
        lines,
        body,
        billIds,
      );
      return loadReceipt(db, auth, paymentId);
    },
  );
}
