/**
 * Student billing without payments: list (filters, 'Semua', search, paging, resume over the whole filter),
 * detail, charging a class-month, extra bills, confirming, items, deleting, the PDFs, branch scoping and roles.
 */
import {
  DEDUCTIONS_EXCEED_PRICE,
  EXTRA_BILL_MESSAGES,
  type StudentBillingBatchResponse,
  type StudentBillingConfirmResponse,
  type StudentBillingDetail,
  type StudentBillingExtraResponse,
  type StudentBillingListResponse,
  type StudentBillingWriteResponse,
  type StudentBrief,
  type StudentFeeComponent,
} from '@keuangan/shared/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES } from '../src/billing/charging/charge';
import {
  branches,
  class_students,
  fee_types,
  student_billing_items,
  student_billing_payments,
  student_billings,
  student_fee_components,
  students,
  yos_periodes,
} from '../src/db/schema';
import { BILLING_MESSAGES } from '../src/ledger/student-bills';
import { monthOf, todayIn } from '../src/lib/time';
import { apiSuite, expectLedgerConsistent, inBranchOne, payInFull } from './billing-fixtures';

const s = apiSuite();
const { call, pick, newBill } = s;
const thisMonth = monthOf(todayIn());
const qs = (o: object) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

const pdfText = async (raw: Buffer) =>
  // Whitespace collapsed: cells wrap onto lines and labels and values are drawn apart.
  (
    (await extractText(await getDocumentProxy(new Uint8Array(raw)), { mergePages: true })).text as string
  ).replace(/\s+/g, ' ');
const idr = (n: number) => new Intl.NumberFormat('id-ID').format(n);

/** The filter of a demo bill: department and year, the rest as given. */
const filterOf = (bill: typeof student_billings.$inferSelect, more: object = {}) => ({
  department_id: bill.department_id,
  year_of_study_id: bill.year_of_study_id,
  ...more,
});

describe('GET /api/student-billing', () => {
  it('lists a class-month with names, paging of 50 and the resume computed over the whole filter', async () => {
    const bill = await pick(inBranchOne, eq(student_billings.type, 1));
    const filter = filterOf(bill, {
      yos_periode_id: bill.yos_periode_id,
      level_id: bill.level_id,
      class_id: bill.class_id,
      mm: bill.mm,
      payment_status: 'all',
      type: '',
      with_resume: 'true',
    });
    const res = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs(filter)}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.body.per_page).toBe(50);
    const row = res.body.data.find((r) => r.id === bill.id);
    expect(row?.student.name).toBeTruthy();
    expect(row?.class.name).toBeTruthy();
    expect(row?.yos_periode.periode.name).toMatch(/Semester/);
    expect(res.body.data.every((r) => r.class_id === bill.class_id && r.mm === bill.mm)).toBe(true);

    // The resume is over every matching bill, not the page: a page of 1 has the same resume.
    const one = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs({ ...filter, limit: 1, page: 2 })}`,
      s.bandung,
    );
    expect(one.body.data).toHaveLength(1);
    expect(one.body.resume).toEqual(res.body.resume);
    const all = res.body.data;
    expect(res.body.resume?.sum_total_amount).toBe(all.reduce((t, r) => t + r.total_amount, 0));
    expect(res.body.resume?.sum_total_billing).toBe(all.reduce((t, r) => t + r.total_billing, 0));
    expect(res.body.resume?.count_bill).toBe(res.body.total);
    // A page past the end has no rows to carry the resume: the same resume and total all the same.
    const past = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs({ ...filter, page: 99 })}`,
      s.bandung,
    );
    expect(past.body.data).toEqual([]);
    expect(past.body.resume).toEqual(res.body.resume);
    expect(past.body.total).toBe(res.body.total);
    // Without the resume the total is counted on its own.
    const plain = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs({ ...filter, with_resume: 'false' })}`,
      s.bandung,
    );
    expect(plain.body.resume).toBeUndefined();
    expect(plain.body.total).toBe(res.body.total);
  });

  it("student_id narrows the list and its resume to one student's bills (the embedded view)", async () => {
    const bill = await pick(inBranchOne);
    const res = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs(filterOf(bill, { student_id: bill.student_id, with_resume: 'true', limit: 100 }))}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.data.every((r) => r.student.id === bill.student_id)).toBe(true);
    expect(res.body.data.some((r) => r.id === bill.id)).toBe(true);
    expect(res.body.resume?.count_bill).toBe(res.body.total);
    expect(res.body.resume?.sum_total_billing).toBe(res.body.data.reduce((t, r) => t + r.total_billing, 0));
    const wrong = await call(
      'GET',
      `/api/student-billing?${qs(filterOf(bill, { student_id: 'x' }))}`,
      s.bandung,
    );
    expect(wrong.status).toBe(422);
  });

  it("'Semua' (absent, empty or 'all') means every period, level, class, month, status and type", async () => {
    const bill = await pick(inBranchOne);
    const wide = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs(filterOf(bill, { yos_periode_id: 'all', level_id: '', mm: 'all', limit: 100 }))}`,
      s.bandung,
    );
    expect(wide.status).toBe(200);
    const [counted] = await s.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(student_billings)
      .where(
        and(
          eq(student_billings.branch_id, 1),
          eq(student_billings.department_id, bill.department_id),
          eq(student_billings.year_of_study_id, bill.year_of_study_id),
        ),
      );
    expect(wide.body.total).toBe(counted?.n);
    const lunas = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs(filterOf(bill, { payment_status: 1, type: 2, limit: 100 }))}`,
      s.bandung,
    );
    expect(lunas.body.data.length).toBeGreaterThan(0);
    expect(lunas.body.data.every((r) => r.payment_status === 1 && r.type === 2)).toBe(true);
  });

  it('searches student name, NIS and bill number; flags students with unsettled bills', async () => {
    const bill = await newBill();
    const [student] = await s.ctx.database.db.select().from(students).where(eq(students.id, bill.student_id));
    for (const q of [student?.nis, bill.bill_number, student?.name.split(' ')[0]?.toUpperCase()]) {
      const res = await call<StudentBillingListResponse>(
        'GET',
        `/api/student-billing?${qs(filterOf(bill, { q: q ?? '' }))}`,
        s.bandung,
      );
      expect(
        res.body.data.some((r) => r.id === bill.id),
        String(q),
      ).toBe(true);
    }
    const res = await call<StudentBillingListResponse>(
      'GET',
      `/api/student-billing?${qs(filterOf(bill, { q: bill.bill_number }))}`,
      s.bandung,
    );
    const row = res.body.data[0];
    expect(row?.unsettled_bill_count).toBeGreaterThanOrEqual(1);
    expect(row?.all_payment_status).toBe(0);
  });

  it('requires department and year; refuses malformed filters', async () => {
    const none = await call('GET', '/api/student-billing', s.bandung);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('Departemen Tidak Boleh Kosong, Tahun Ajaran Tidak Boleh Kosong');
    const bad = await call(
      'GET',
      '/api/student-billing?department_id=1&year_of_study_id=1&class_id=x&payment_status=3',
      s.bandung,
    );
    expect(bad.body.errors).toEqual({
      class_id: ['Kelas tidak valid'],
      payment_status: ['Status Pembayaran tidak valid'],
    });
  });
});

describe('GET /api/student-billing/{id}', () => {
  it('has the items with component and fee type names, the payments and the nested objects', async () => {
    const bill = await newBill();
    const unpaid = await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung);
    const paid = await call('POST', `/api/student-billing-pay/${bill.id}`, s.bandung, payInFull(unpaid.body));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const res = await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung);
    expect(res.status).toBe(200);
    expect(res.body.bill_number).toBe(bill.bill_number);
    expect(res.body.student_billing_items.length).toBeGreaterThan(0);
    expect(res.body.student_billing_items[0]?.student_fee_component.name).toBeTruthy();
    expect(res.body.student_billing_items[0]?.fee_type.name).toBeTruthy();
    expect(res.body.student_billing_payments.length).toBeGreaterThan(0);
    const payment = res.body.student_billing_payments[0];
    expect(payment?.created_by?.name).toBeTruthy();
    expect(payment?.is_void).toBe(false);
    expect(payment?.student_billing_item_payments[0]?.student_fee_component.name).toBeTruthy();
    expect(res.body.department.name).toBeTruthy();
    expect(res.body.year_of_study.name).toMatch(/\d{4}\/\d{4}/);
  });

  it("another branch's bill is 404; a teacher is 403; no session is 401", async () => {
    const jakartaBill = await newBill({ branch: 2 });
    expect((await call('GET', `/api/student-billing/${jakartaBill.id}`, s.bandung)).status).toBe(404);
    expect((await call('GET', `/api/student-billing/${jakartaBill.id}`, s.jakarta)).status).toBe(200);
    expect((await call('GET', `/api/student-billing/${jakartaBill.id}`, s.guru)).status).toBe(403);
    expect((await call('GET', `/api/student-billing/${jakartaBill.id}`, undefined)).status).toBe(401);
    expect((await call('GET', '/api/student-billing/abc', s.bandung)).status).toBe(404);
    for (const [method, url] of [
      ['POST', `/api/student-billing-xupdate/${jakartaBill.id}`],
      ['DELETE', `/api/student-billing/${jakartaBill.id}`],
      ['GET', `/api/student-billing-pdf/${jakartaBill.id}`],
    ] as const) {
      const body = method === 'POST' ? { field: 'form_status', value: 1 } : undefined;
      expect((await call(method, url, s.bandung, body)).status, url).toBe(404);
      expect((await call(method, url, s.guru, body)).status, url).toBe(403);
    }
  });
});

/** A class-month of Bandung without components or bills: SD Kelas 2B in the period's free month. */
async function freeClassMonth() {
  const bill = await pick(inBranchOne, eq(student_billings.type, 1), eq(student_billings.mm, thisMonth));
  const [period] = await s.ctx.database.db
    .select()
    .from(yos_periodes)
    .where(eq(yos_periodes.id, bill.yos_periode_id));
  // A month of the period with no bills yet (the demo data bills this month and last month only).
  const months = (await import('@keuangan/shared/contract')).periodMonths(
    period?.start_date ?? '',
    period?.end_date ?? '',
  );
  const used = await s.ctx.database.db
    .selectDistinct({ mm: student_fee_components.mm })
    .from(student_fee_components)
    .where(eq(student_fee_components.class_id, bill.class_id));
  const mm = months.find((m) => !used.some((u) => u.mm === m));
  if (!mm) throw new Error('no free month');
  return {
    department_id: bill.department_id,
    year_of_study_id: bill.year_of_study_id,
    yos_periode_id: bill.yos_periode_id,
    level_id: bill.level_id,
    class_id: bill.class_id,
    mm,
  };
}

async function addComponent(filter: object, fee: string, price: number): Promise<StudentFeeComponent> {
  const [type] = await s.ctx.database.db
    .select()
    .from(fee_types)
    .where(and(eq(fee_types.branch_id, 1), eq(fee_types.name, fee)));
  const res = await call<StudentFeeComponent>('POST', '/api/student-fee-component', s.bandung, {
    ...filter,
    fee_type_id: type?.id,
    ftype: 1,
    name: fee,
    price,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('POST /api/student-billing-batch (charging)', () => {
  it('one main bill per active student with one item per component; twice creates nothing; later components reach unconfirmed bills', async () => {
    const filter = await freeClassMonth();
    const none = await call('POST', '/api/student-billing-batch', s.bandung, filter);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(CHARGE_MESSAGES.noComponents);

    await addComponent(filter, 'SPP', 300_000);
    await addComponent(filter, 'Kegiatan', 75_000);
    const active = await s.ctx.database.db
      .select({ id: students.id })
      .from(class_students)
      .innerJoin(students, eq(students.id, class_students.student_id))
      .where(and(eq(class_students.class_id, filter.class_id), eq(students.study_status, 1)));
    const first = await call<StudentBillingBatchResponse>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      filter,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Berhasil Membebankan Komponen Pada Siswa',
      students: active.length,
      created: active.length,
      updated: 0,
      skipped: 0,
      items_added: active.length * 2,
    });
    const again = await call<StudentBillingBatchResponse>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      filter,
    );
    expect(again.body).toMatchObject({ created: 0, updated: 0, skipped: active.length, items_added: 0 });

    const bills = await s.ctx.database.db
      .select()
      .from(student_billings)
      .where(and(eq(student_billings.class_id, filter.class_id), eq(student_billings.mm, filter.mm)));
    expect(bills).toHaveLength(active.length);
    expect(bills.every((b) => b.type === 1 && b.form_status === 0 && b.total_amount === 375_000)).toBe(true);
    expect(bills.every((b) => b.bill_date === `${filter.mm}-01`)).toBe(true);
    // Numbers are consecutive in the branch's counter of the month.
    const numbers = bills.map((b) => Number(b.bill_number.slice(-5))).sort((a, b) => a - b);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(numbers.length - 1);

    // One bill confirmed, then a component added later: only the unconfirmed bills get it.
    const [confirmed] = bills;
    await call('POST', `/api/student-billing-xupdate/${confirmed?.id}`, s.bandung, {
      field: 'form_status',
      value: 1,
    });
    // A component removed from one unconfirmed bill by hand is not put back.
    const handEdited = bills[1] as (typeof bills)[number];
    const handItems = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_billing_id, handEdited.id));
    expect((await call('DELETE', `/api/student-billing-item/${handItems[1]?.id}`, s.bandung)).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 5)); // created_at of the new component is later
    await addComponent(filter, 'Ekstrakurikuler', 50_000);
    const later = await call<StudentBillingBatchResponse>(
      'POST',
      '/api/student-billing-batch',
      s.bandung,
      filter,
    );
    expect(later.body).toMatchObject({
      created: 0,
      updated: active.length - 1,
      skipped: 1,
      items_added: active.length - 1,
    });
    const edited = await call<StudentBillingDetail>(
      'GET',
      `/api/student-billing/${handEdited.id}`,
      s.bandung,
    );
    expect(edited.body.student_billing_items.map((i) => i.student_fee_component.name)).toEqual([
      'SPP',
      'Ekstrakurikuler',
    ]);
    expect(edited.body.total_amount).toBe(350_000);
    for (const b of bills) await expectLedgerConsistent(s.ctx, b.id);
  });

  it('two classes charged at once: bill numbers unique and gap-free', async () => {
    const first = await freeClassMonth();
    const otherBill = await pick(
      inBranchOne,
      eq(student_billings.type, 1),
      eq(student_billings.mm, thisMonth),
      eq(student_billings.year_of_study_id, first.year_of_study_id),
      eq(student_billings.yos_periode_id, first.yos_periode_id),
      ne(student_billings.class_id, first.class_id),
    );
    const second = { ...first, level_id: otherBill.level_id, class_id: otherBill.class_id };
    await addComponent(first, 'Buku', 120_000);
    await addComponent(second, 'Buku', 130_000);
    const [a, b] = await Promise.all([
      call<StudentBillingBatchResponse>('POST', '/api/student-billing-batch', s.bandung, first),
      call<StudentBillingBatchResponse>('POST', '/api/student-billing-batch', s.bandung, second),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const bills = await s.ctx.database.db
      .select({ number: student_billings.bill_number, class_id: student_billings.class_id })
      .from(student_billings)
      .where(and(eq(student_billings.branch_id, 1), eq(student_billings.mm, first.mm)));
    const ours = bills.filter((x) => x.class_id === first.class_id || x.class_id === second.class_id);
    expect(ours).toHaveLength(a.body.created + b.body.created);
    const numbers = ours.map((x) => Number(x.number.slice(-5))).sort((x, y) => x - y);
    expect(new Set(bills.map((x) => x.number)).size).toBe(bills.length);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(numbers.length - 1);
  });

  it('validates the six fields and the placement; another branch is 404', async () => {
    const res = await call('POST', '/api/student-billing-batch', s.bandung, {});
    expect(res.status).toBe(422);
    expect(res.body.errors?.class_id).toEqual(['filter Kelas is required']);
    const filter = await freeClassMonth();
    const jakartaClass = await pick(eq(student_billings.branch_id, 2));
    expect(
      (
        await call('POST', '/api/student-billing-batch', s.bandung, {
          ...filter,
          class_id: jakartaClass.class_id,
        })
      ).status,
    ).toBe(404);
    expect((await call('POST', '/api/student-billing-batch', s.guru, filter)).status).toBe(403);
  });
});

describe('extra bills', () => {
  it('student-all lists the active students of a class', async () => {
    const bill = await pick(inBranchOne);
    const res = await call<StudentBrief[]>(
      'GET',
      `/api/student-all?${qs({ department_id: bill.department_id, class_id: bill.class_id, study_status: 1 })}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((st) => st.study_status === 1)).toBe(true);
    expect((await call('GET', '/api/student-all', s.bandung)).body.message).toBe(
      'Departemen Tidak Boleh Kosong, Kelas Tidak Boleh Kosong',
    );
  });

  it('creates one unconfirmed extra bill per student; checks date, components, students and double charges; deletes', async () => {
    const filter = await freeClassMonth();
    const component = await addComponent(filter, 'Seragam', 225_000);
    const roster = await call<StudentBrief[]>(
      'GET',
      `/api/student-all?${qs({ department_id: filter.department_id, class_id: filter.class_id })}`,
      s.bandung,
    );
    const [a, b] = roster.body;
    const body = {
      ...filter,
      bill_date: `${filter.mm}-02`,
      student_fee_components: [component.id],
      students: [a?.id, b?.id],
    };

    const empty = await call('POST', '/api/student-billing-extra', s.bandung, {
      ...filter,
      bill_date: '',
      student_fee_components: [],
      students: [],
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      bill_date: [EXTRA_BILL_MESSAGES.dateRequired],
      student_fee_components: [EXTRA_BILL_MESSAGES.componentsRequired],
      students: [EXTRA_BILL_MESSAGES.studentsRequired],
    });
    expect(
      (await call('POST', '/api/student-billing-extra', s.bandung, { ...body, bill_date: `${filter.mm}-01` }))
        .body.message,
    ).toBe(EXTRA_BILL_MESSAGES.dateTooEarly);
    expect(
      (await call('POST', '/api/student-billing-extra', s.bandung, { ...body, bill_date: '2099-01-01' })).body
        .message,
    ).toBe(EXTRA_BILL_MESSAGES.dateTooLate);
    const otherComponent = await pick(
      inBranchOne,
      eq(student_billings.mm, thisMonth),
      ne(student_billings.class_id, filter.class_id),
    );
    const [foreign] = await s.ctx.database.db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_billing_id, otherComponent.id));
    expect(
      (
        await call('POST', '/api/student-billing-extra', s.bandung, {
          ...body,
          student_fee_components: [foreign?.student_fee_component_id],
        })
      ).body.message,
    ).toBe(CHARGE_MESSAGES.componentOutside);
    expect(
      (
        await call('POST', '/api/student-billing-extra', s.bandung, {
          ...body,
          students: [otherComponent.student_id],
        })
      ).body.message,
    ).toBe(CHARGE_MESSAGES.studentOutside);

    const created = await call<StudentBillingExtraResponse>(
      'POST',
      '/api/student-billing-extra',
      s.bandung,
      body,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Data berhasil ditambahkan.', created: 2 });
    const [first, second] = created.body.ids;
    const detail = await call<StudentBillingDetail>('GET', `/api/student-billing/${first}`, s.bandung);
    expect(detail.body).toMatchObject({
      type: 2,
      form_status: 0,
      bill_date: `${filter.mm}-02`,
      total_amount: 225_000,
      total_billing: 225_000,
    });
    expect(detail.body.student_billing_items.map((i) => i.student_fee_component.name)).toEqual(['Seragam']);

    // The same again is a double charge: refused, nothing created.
    const twice = await call('POST', '/api/student-billing-extra', s.bandung, body);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(CHARGE_MESSAGES.alreadyCharged);
    expect(twice.body.message).toContain(a?.name);

    // Delete: only unconfirmed extra bills.
    const mainBill = await newBill();
    expect((await call('DELETE', `/api/student-billing/${mainBill.id}`, s.bandung)).body.message).toBe(
      BILLING_MESSAGES.notExtra,
    );
    await call('POST', `/api/student-billing-xupdate/${second}`, s.bandung, {
      field: 'form_status',
      value: 1,
    });
    expect((await call('DELETE', `/api/student-billing/${second}`, s.bandung)).body.message).toBe(
      BILLING_MESSAGES.confirmedNoDelete,
    );
    const deleted = await call('DELETE', `/api/student-billing/${first}`, s.bandung);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Data berhasil dihapus');
    expect((await call('GET', `/api/student-billing/${first}`, s.bandung)).status).toBe(404);
    // The component is free for that student again.
    const retry = await call<StudentBillingExtraResponse>('POST', '/api/student-billing-extra', s.bandung, {
      ...body,
      students: [a?.id],
    });
    expect(retry.status).toBe(201);
  });

  it('an unconfirmed extra bill that had a (voided) payment is kept', async () => {
    const [voided] = await s.ctx.database.db
      .select({ bill: student_billings.id })
      .from(student_billing_payments)
      .innerJoin(student_billings, eq(student_billings.id, student_billing_payments.student_billing_id))
      .where(
        and(
          eq(student_billings.type, 2),
          eq(student_billings.form_status, 0),
          eq(student_billings.branch_id, 1),
        ),
      );
    const res = await call('DELETE', `/api/student-billing/${voided?.bill}`, s.bandung);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(BILLING_MESSAGES.billHasPayments);
  });
});

describe('confirming', () => {
  it('update-form-status confirms every unconfirmed bill of the filter and answers the count (dry run first)', async () => {
    const bill = await pick(
      eq(student_billings.branch_id, 2),
      eq(student_billings.form_status, 0),
      eq(student_billings.type, 1),
    );
    const filter = {
      ...filterOf(bill),
      class_id: bill.class_id,
      mm: bill.mm,
      yos_periode_id: 'all',
      level_id: '',
      type: 1,
    };
    const [expected] = await s.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(student_billings)
      .where(
        and(
          eq(student_billings.class_id, bill.class_id),
          eq(student_billings.mm, bill.mm),
          eq(student_billings.type, 1),
          eq(student_billings.form_status, 0),
        ),
      );
    const dry = await call<StudentBillingConfirmResponse>(
      'POST',
      '/api/student-billing-update-form-status',
      s.jakarta,
      { ...filter, dry_run: true },
    );
    expect(dry.body.confirmed).toBe(expected?.n);
    expect(
      (await s.ctx.database.db.select().from(student_billings).where(eq(student_billings.id, bill.id)))[0]
        ?.form_status,
    ).toBe(0);
    const done = await call<StudentBillingConfirmResponse>(
      'POST',
      '/api/student-billing-update-form-status',
      s.jakarta,
      filter,
    );
    expect(done.body).toEqual({ message: 'Konfirmasi Form Billing Siswa Berhasil', confirmed: expected?.n });
    expect(
      (
        await call<StudentBillingConfirmResponse>(
          'POST',
          '/api/student-billing-update-form-status',
          s.jakarta,
          filter,
        )
      ).body.confirmed,
    ).toBe(0);
    // Bandung's session cannot touch Jakarta's bills.
    expect(
      (
        await call<StudentBillingConfirmResponse>(
          'POST',
          '/api/student-billing-update-form-status',
          s.bandung,
          { ...filter, class_id: 'all' },
        )
      ).body.confirmed,
    ).toBe(0);
    expect((await call('POST', '/api/student-billing-update-form-status', s.jakarta, {})).body.message).toBe(
      'Departemen Tidak Boleh Kosong, Tahun Ajaran Tidak Boleh Kosong',
    );
  });

  it('update-form-status confirms only what the list shows: its search, or the ticked bills', async () => {
    // Two unconfirmed Bandung bills of one class-month, of two students.
    const rows = await s.ctx.database.db
      .select({ bill: student_billings, nis: students.nis })
      .from(student_billings)
      .innerJoin(students, eq(students.id, student_billings.student_id))
      .where(
        and(
          eq(student_billings.branch_id, 1),
          eq(student_billings.form_status, 0),
          eq(student_billings.type, 1),
        ),
      )
      .orderBy(student_billings.class_id, student_billings.mm, student_billings.id);
    const pair = rows.find(
      (r, i) =>
        rows[i + 1] &&
        rows[i + 1]?.bill.class_id === r.bill.class_id &&
        rows[i + 1]?.bill.mm === r.bill.mm &&
        rows[i + 1]?.bill.student_id !== r.bill.student_id,
    );
    if (!pair) throw new Error('no class-month with two unconfirmed bills');
    const other = rows[rows.indexOf(pair) + 1] as typeof pair;
    const filter = { ...filterOf(pair.bill), class_id: pair.bill.class_id, mm: pair.bill.mm };
    const confirm = (body: object) =>
      call<StudentBillingConfirmResponse>('POST', '/api/student-billing-update-form-status', s.bandung, {
        ...filter,
        ...body,
      });
    const statusOf = async (id: number) =>
      (await s.ctx.database.db.select().from(student_billings).where(eq(student_billings.id, id)))[0]
        ?.form_status;

    // The search finds one student: only that one's bill, dry run first.
    expect((await confirm({ q: pair.nis, dry_run: true })).body.confirmed).toBe(1);
    expect((await confirm({ q: pair.nis })).body.confirmed).toBe(1);
    expect(await statusOf(pair.bill.id)).toBe(1);
    expect(await statusOf(other.bill.id)).toBe(0);
    // Ticked: only those, and only within the filter (a bill of another class-month is not touched).
    const elsewhere = rows.find((r) => r.bill.class_id !== pair.bill.class_id || r.bill.mm !== pair.bill.mm);
    const ticked = await confirm({ ids: [other.bill.id, elsewhere?.bill.id ?? other.bill.id] });
    expect(ticked.body.confirmed).toBe(1);
    expect(await statusOf(other.bill.id)).toBe(1);
    if (elsewhere) expect(await statusOf(elsewhere.bill.id)).toBe(0);
    expect((await confirm({ ids: [] })).status).toBe(422);
  });

  it('xupdate confirms and unconfirms one bill; refuses other fields and values', async () => {
    const bill = await newBill({ branch: 2, confirmed: false });
    const on = await call<StudentBillingWriteResponse>(
      'POST',
      `/api/student-billing-xupdate/${bill.id}`,
      s.jakarta,
      { field: 'form_status', value: 1 },
    );
    expect(on.body.message).toBe('Konfirmasi billing Berhasil');
    expect(on.body.data.form_status).toBe(1);
    const off = await call<StudentBillingWriteResponse>(
      'POST',
      `/api/student-billing-xupdate/${bill.id}`,
      s.jakarta,
      { field: 'form_status', value: 0 },
    );
    expect(off.body.data.form_status).toBe(0);
    expect(
      (
        await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.jakarta, {
          field: 'form_status',
          value: 2,
        })
      ).body.message,
    ).toBe('Status konfirmasi harus 0 atau 1');
    expect(
      (await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.jakarta, { field: 'type', value: 1 }))
        .body.message,
    ).toBe('Kolom yang diubah harus form_status');
  });
});

describe('items', () => {
  it('edit price, discount, bail, qty while unconfirmed; the totals follow; refused once confirmed', async () => {
    const bill = await newBill({ branch: 2, confirmed: false });
    const detail = await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.jakarta);
    const item = detail.body.student_billing_items[0];
    const edit = (field: string, value: unknown) =>
      call<StudentBillingWriteResponse>('POST', `/api/student-billing-item-xupdate/${item?.id}`, s.jakarta, {
        field,
        value,
      });
    expect((await edit('price', 400_000)).status).toBe(200);
    expect((await edit('discount', 40_000)).status).toBe(200);
    expect((await edit('bail', 60_000)).status).toBe(200);
    const res = await edit('qty', 2);
    expect(res.body.message).toBe('Data berhasil diubah.');
    const edited = res.body.data.student_billing_items.find((i) => i.id === item?.id);
    expect(edited).toMatchObject({
      amount: 300_000,
      total_amount: 800_000,
      total_discount: 80_000,
      total_bail: 120_000,
      total_billing: 600_000,
    });
    await expectLedgerConsistent(s.ctx, bill.id);

    expect((await edit('discount', 350_000)).body.message).toBe(DEDUCTIONS_EXCEED_PRICE);
    expect((await edit('qty', 0)).body.message).toBe('Qty minimal 1');
    expect((await edit('qty', 1.5)).body.message).toBe('Qty harus bilangan bulat');
    expect((await edit('discount', -1)).body.message).toBe('Diskon tidak boleh kurang dari 0');
    expect((await edit('bail', '10')).body.message).toBe('Ditanggung tidak boleh kosong');
    expect((await edit('name', 'x')).body.message).toBe(
      'Kolom yang diubah harus price, discount, bail atau qty',
    );

    await call('POST', `/api/student-billing-xupdate/${bill.id}`, s.jakarta, {
      field: 'form_status',
      value: 1,
    });
    const frozen = await edit('price', 1);
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toBe(BILLING_MESSAGES.itemsFrozen);
    expect((await call('DELETE', `/api/student-billing-item/${item?.id}`, s.jakarta)).body.message).toBe(
      BILLING_MESSAGES.itemsFrozen,
    );
    expect(
      (
        await call('POST', `/api/student-billing-item-xupdate/${item?.id}`, s.bandung, {
          field: 'price',
          value: 1,
        })
      ).status,
    ).toBe(404);
  });

  it('adds an available component (price from the component, qty 1), never one already charged; deletes but never the last item', async () => {
    const bill = await newBill({ branch: 2, confirmed: false });
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.jakarta))
      .body;
    const items = detail.student_billing_items;
    // Free one component by deleting its item, then add it back through the available list.
    const removed = await call<StudentBillingWriteResponse>(
      'DELETE',
      `/api/student-billing-item/${items[0]?.id}`,
      s.jakarta,
    );
    expect(removed.body.message).toBe('Data berhasil dihapus');
    expect(removed.body.data.student_billing_items).toHaveLength(items.length - 1);
    const available = await call<StudentFeeComponent[]>(
      'GET',
      `/api/student-fee-component-all?student_id=${bill.student_id}&available_only=1`,
      s.jakarta,
    );
    const component = available.body.find((c) => c.id === items[0]?.student_fee_component_id);
    expect(component).toBeDefined();
    const payload = {
      student_billing_id: bill.id,
      student_fee_component_id: component?.id,
      client_id: 999,
      total_amount: 1,
      total_billing: 1,
      qty: 1,
    };
    const added = await call<StudentBillingWriteResponse>(
      'POST',
      '/api/student-billing-item',
      s.jakarta,
      payload,
    );
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Berhasil Menambahkan Komponen');
    const item = added.body.data.student_billing_items.find(
      (i) => i.student_fee_component_id === component?.id,
    );
    expect(item).toMatchObject({
      price: component?.price,
      qty: 1,
      total_billing: component?.price,
      client_id: 1,
    });
    const again = await call('POST', '/api/student-billing-item', s.jakarta, payload);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_MESSAGES.componentCharged);
    expect((await call('POST', '/api/student-billing-item', s.jakarta, {})).body.message).toBe(
      'Billing tidak boleh kosong, Komponen tidak boleh kosong',
    );

    for (const other of added.body.data.student_billing_items.slice(1)) {
      await call('DELETE', `/api/student-billing-item/${other.id}`, s.jakarta);
    }
    const last = await call(
      'DELETE',
      `/api/student-billing-item/${added.body.data.student_billing_items[0]?.id}`,
      s.jakarta,
    );
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(BILLING_MESSAGES.lastItem);
    await expectLedgerConsistent(s.ctx, bill.id);
  });

  it("offers a bill's own month's components when asked for its month, never another month's", async () => {
    const bill = await newBill({ branch: 2, confirmed: false });
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.jakarta))
      .body;
    const itemComponent = detail.student_billing_items[0]?.student_fee_component_id ?? 0;
    const [own] = await s.ctx.database.db
      .select()
      .from(student_fee_components)
      .where(eq(student_fee_components.id, itemComponent));
    if (!own) throw new Error('no component');
    // The same class's component of a later month, not charged to the student yet.
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = own;
    const later = `${Number(detail.mm.slice(0, 4)) + 1}${detail.mm.slice(4)}`;
    const [other] = await s.ctx.database.db
      .insert(student_fee_components)
      .values({ ...copy, mm: later, name: `${own.name} bulan lain` })
      .returning({ id: student_fee_components.id });
    const offered = await call<StudentFeeComponent[]>(
      'GET',
      `/api/student-fee-component-all?student_id=${bill.student_id}&department_id=${detail.department_id}&mm=${detail.mm}&available_only=1`,
      s.jakarta,
    );
    expect(offered.status).toBe(200);
    expect(offered.body.every((c) => c.mm === detail.mm)).toBe(true);
    expect(offered.body.some((c) => c.id === other?.id)).toBe(false);
    // Without the month, the other month's component is offered too (what the screen asked before).
    const unfiltered = await call<StudentFeeComponent[]>(
      'GET',
      `/api/student-fee-component-all?student_id=${bill.student_id}&department_id=${detail.department_id}&available_only=1`,
      s.jakarta,
    );
    expect(unfiltered.body.some((c) => c.id === other?.id)).toBe(true);
  });
});

describe('PDFs', () => {
  it('one bill: names, number and amounts readable from the PDF', async () => {
    const bill = await newBill();
    const detail = (await call<StudentBillingDetail>('GET', `/api/student-billing/${bill.id}`, s.bandung))
      .body;
    const res = await call('GET', `/api/student-billing-pdf/${bill.id}`, s.bandung);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.raw);
    expect(text).toContain(detail.student.name);
    expect(text).toContain(detail.bill_number);
    expect(text).toContain('Sekolah Nusantara Cabang Bandung');
    // The website whole, on the line of the phone: never broken across lines.
    const [branch] = await s.ctx.database.db.select().from(branches).where(eq(branches.id, bill.branch_id));
    expect(text).toContain(`Telp. ${branch?.phone} | ${branch?.website}`);
    for (const item of detail.student_billing_items) expect(text).toContain(item.student_fee_component.name);
    expect(text).toContain(`Sisa Tagihan: Rp ${idr(detail.total_billing)}`);
    expect(text).toContain('Jatuh Tempo');
  });

  it("all of a student's confirmed unpaid bills (Semua Tagihan) with their total", async () => {
    const bill = await newBill();
    const [unpaid] = await s.ctx.database.db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`sum(total_billing)::text` })
      .from(student_billings)
      .where(
        and(
          eq(student_billings.student_id, bill.student_id),
          eq(student_billings.department_id, bill.department_id),
          eq(student_billings.form_status, 1),
          eq(student_billings.payment_status, 0),
          sql`${student_billings.bill_date} <= ${todayIn()}`,
        ),
      );
    const url = `/api/student-billing-pdf?${qs({ student_id: bill.student_id, department_id: bill.department_id, form_status: 1, payment_status: 0, bill_date_before: todayIn() })}`;
    const res = await call('GET', url, s.bandung);
    expect(res.status).toBe(200);
    const text = await pdfText(res.raw);
    expect(text).toContain(bill.bill_number);
    expect(text).toContain(`Jumlah Billing : ${unpaid?.n}`);
    expect(text).toContain(`Total Sisa Tagihan: Rp ${idr(Number(unpaid?.total))}`);
    expect((await call('GET', url, s.jakarta)).status).toBe(404);
    expect((await call('GET', '/api/student-billing-pdf', s.bandung)).status).toBe(422);
  });
});
