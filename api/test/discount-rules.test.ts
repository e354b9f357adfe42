// Aturan Potongan (docs/money.md#discount-rules): the best matching rule per item, voids, hand edits, the mid-year
// preview against applying, the report, and bad input changing nothing.
import {
  type DiscountApplyPreview,
  type DiscountApplyResult,
  type DiscountReport,
  type DiscountRule,
  type DiscountRulePage,
  IDEMPOTENCY_KEY_HEADER,
  MONTH_RANGE_MESSAGE,
  periodMonths,
  type StudentBillingBatchResponse,
  type StudentBillingDetail,
  type StudentCategoryPage,
  type StudentStatement,
} from '@keuangan/shared/contract';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  audit_logs,
  branches,
  classes,
  departments,
  discount_rules,
  fee_types,
  student_billing_items,
  student_billings,
  student_categories,
  yos_periodes,
} from '../src/db/schema';
import {
  apiSuite,
  type ClassPlace,
  expectLedgerConsistent,
  expectSumsMatchLedger,
  type Sessions,
} from './billing-fixtures';

const s = apiSuite();
const { call, newBill, newClass } = s;
let db: Sessions['ctx']['database']['db'];

/** A class of Bandung of the file's own, the first two months of its period, its students and the fee types. */
let place: {
  filter: ClassPlace;
  mm: string;
  mm2: string;
  members: number[];
  spp: number;
  kegiatan: number;
};

async function feeTypeId(name: string) {
  const [row] = await db
    .select({ id: fee_types.id })
    .from(fee_types)
    .where(and(eq(fee_types.branch_id, 1), eq(fee_types.name, name)));
  if (!row) throw new Error(`no fee type ${name}`);
  return row.id;
}

beforeAll(async () => {
  db = s.ctx.database.db;
  // Four new students, in no category and named by no rule, and nothing charged to their class yet.
  const { place: filter, students: members } = await newClass({ students: 4 });
  const [period] = await db.select().from(yos_periodes).where(eq(yos_periodes.id, filter.yos_periode_id));
  const [mm, mm2] = periodMonths(period?.start_date ?? '', period?.end_date ?? '');
  if (!mm || !mm2) throw new Error('no two months');
  place = {
    filter,
    mm,
    mm2,
    members,
    spp: await feeTypeId('SPP'),
    kegiatan: await feeTypeId('Kegiatan'),
  };
});

const member = (i: number) => place.members[i] as number;

async function addComponent(mm: string, feeTypeId: number, name: string, price: number) {
  const res = await call<{ id: number }>('POST', '/api/student-fee-component', s.bandung, {
    ...place.filter,
    mm,
    fee_type_id: feeTypeId,
    ftype: 1,
    name,
    price,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function charge(mm: string) {
  const res = await call<StudentBillingBatchResponse>('POST', '/api/student-billing-batch', s.bandung, {
    ...place.filter,
    mm,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function createRule(body: object, token = s.bandung) {
  return call<DiscountRule>('POST', '/api/discount-rules', token, {
    kind: 'amount',
    to_mm: null,
    student_ids: [],
    category: null,
    ...body,
  });
}

async function addCategory(studentId: number, category: string) {
  const res = await call('POST', '/api/student-categories', s.bandung, {
    student_id: studentId,
    category,
    since: '2026-07-01',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The student's item of this fee type in the month (its bill's). */
async function itemOf(studentId: number, mm: string, feeTypeId: number) {
  const [row] = await db
    .select({ item: student_billing_items })
    .from(student_billing_items)
    .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
    .where(
      and(
        eq(student_billing_items.student_id, studentId),
        eq(student_billings.mm, mm),
        eq(student_billing_items.fee_type_id, feeTypeId),
        isNull(student_billing_items.removed_at),
      ),
    );
  if (!row) throw new Error('no such item');
  return row.item;
}

/** What the rules gave on the standing items of the bills `where` selects, summed by hand: the report's total. */
async function givenByRules(...where: SQL[]): Promise<number> {
  const [sum] = await db
    .select({
      total: sql<number>`coalesce(sum(${student_billing_items.total_discount}), 0)`.mapWith(Number),
    })
    .from(student_billing_items)
    .innerJoin(student_billings, eq(student_billings.id, student_billing_items.student_billing_id))
    .where(
      and(
        ...where,
        sql`${student_billing_items.discount_rule_id} is not null`,
        isNull(student_billing_items.removed_at),
      ),
    );
  return sum?.total ?? 0;
}

const ruleCount = async () => (await db.select({ n: count() }).from(discount_rules))[0]?.n ?? 0;

let beasiswa: DiscountRule;
let staffRule: DiscountRule;
let later: DiscountRule;

describe('charging applies the rules', () => {
  it('gives each item the one rule giving the most, by chosen student or category, within the period', async () => {
    await addComponent(place.mm, place.spp, 'SPP', 250_000);
    await addComponent(place.mm, place.kegiatan, 'Kegiatan', 50_000);
    // Students 0 and 1 are staff children (a category the demo leaves empty); student 0 also has a 50%
    // scholarship; student 2 a rule from the next month.
    await addCategory(member(0), 'staff_child');
    await addCategory(member(1), 'staff_child');
    const a = await createRule({
      name: 'Beasiswa Juara Kelas',
      kind: 'percent',
      value: 50,
      fee_type_ids: [place.spp],
      target: 'students',
      student_ids: [member(0)],
      from_mm: place.mm,
      to_mm: place.mm2,
      reason: 'Juara kelas',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    beasiswa = a.body;
    expect(beasiswa).toMatchObject({ kind: 'percent', value: 50, items: 0, total: 0 });
    expect(beasiswa.students.map((x) => x.id)).toEqual([member(0)]);
    const b = await createRule({
      name: 'Potongan Anak Pegawai',
      value: 100_000,
      fee_type_ids: [place.spp],
      target: 'category',
      category: 'staff_child',
      from_mm: place.mm,
      reason: 'Anak guru',
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    staffRule = b.body;
    const c = await createRule({
      name: 'Keringanan',
      kind: 'percent',
      value: 20,
      fee_type_ids: [place.spp],
      target: 'students',
      student_ids: [member(2)],
      from_mm: place.mm2,
      to_mm: place.mm2,
      reason: 'Orang tua sakit',
    });
    expect(c.status).toBe(201);
    later = c.body;

    await charge(place.mm);
    const s0 = await itemOf(member(0), place.mm, place.spp);
    expect(s0).toMatchObject({ discount: 125_000, discount_rule_id: beasiswa.id, total_billing: 125_000 });
    const s1 = await itemOf(member(1), place.mm, place.spp);
    expect(s1).toMatchObject({ discount: 100_000, discount_rule_id: staffRule.id, total_billing: 150_000 });
    // The rule from the next month does not reach this month; no rule names Kegiatan.
    expect(await itemOf(member(2), place.mm, place.spp)).toMatchObject({
      discount: 0,
      discount_rule_id: null,
    });
    expect(await itemOf(member(0), place.mm, place.kegiatan)).toMatchObject({
      discount: 0,
      discount_rule_id: null,
    });
    await expectLedgerConsistent(s.ctx, s0.student_billing_id);
    await expectLedgerConsistent(s.ctx, s1.student_billing_id);

    // The bill names the rule and its reason.
    const detail = await call<StudentBillingDetail>(
      'GET',
      `/api/student-billing/${s0.student_billing_id}`,
      s.bandung,
    );
    const spp = detail.body.student_billing_items.find((i) => i.fee_type_id === place.spp);
    expect(spp?.discount_rule).toEqual({
      id: beasiswa.id,
      name: 'Beasiswa Juara Kelas',
      reason: 'Juara kelas',
    });
    expect(detail.body.total_discount).toBe(125_000);

    // Charging again changes nothing (no new item, no second discount).
    const again = await charge(place.mm);
    expect(again.items_added).toBe(0);
    expect(await itemOf(member(0), place.mm, place.spp)).toMatchObject({ discount: 125_000 });
  });

  it('a voided rule gives nothing more, its items keep their discount; the next rule takes over', async () => {
    const voided = await call('POST', `/api/discount-rules/${beasiswa.id}/void`, s.bandung, {
      reason: 'Beasiswa berakhir',
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const twice = await call('POST', `/api/discount-rules/${beasiswa.id}/void`, s.bandung, {
      reason: 'lagi',
    });
    expect(twice.status).toBe(409);
    expect(await itemOf(member(0), place.mm, place.spp)).toMatchObject({
      discount: 125_000,
      discount_rule_id: beasiswa.id,
    });

    await addComponent(place.mm2, place.spp, 'SPP', 250_000);
    await charge(place.mm2);
    // Student 0 is still a staff child; student 2's rule starts this month (20%); student 3 has none.
    expect(await itemOf(member(0), place.mm2, place.spp)).toMatchObject({
      discount: 100_000,
      discount_rule_id: staffRule.id,
    });
    expect(await itemOf(member(2), place.mm2, place.spp)).toMatchObject({
      discount: 50_000,
      discount_rule_id: later.id,
    });
    expect(await itemOf(member(3), place.mm2, place.spp)).toMatchObject({ discount: 0 });

    const list = await call<DiscountRulePage>('GET', '/api/discount-rules?status=void', s.bandung);
    const row = list.body.data.find((r) => r.id === beasiswa.id);
    expect(row).toMatchObject({ void_reason: 'Beasiswa berakhir', items: 1, total: 125_000 });
    expect(row?.voided_by).toBeTruthy();
  });

  it('a discount typed by hand is a hand discount: the item no longer names the rule', async () => {
    const item = await itemOf(member(1), place.mm, place.spp);
    const res = await call('POST', `/api/student-billing-item-xupdate/${item.id}`, s.bandung, {
      field: 'discount',
      value: 90_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await itemOf(member(1), place.mm, place.spp)).toMatchObject({
      discount: 90_000,
      discount_rule_id: null,
    });
    await expectLedgerConsistent(s.ctx, item.student_billing_id);
  });
});

describe('extra bills', () => {
  it('take the rules too: a 100% rule makes the item free, never below zero', async () => {
    const buku = await addComponent(place.mm, await feeTypeId('Buku'), 'Buku Tambahan', 80_000);
    const rule = await createRule({
      name: 'Buku Gratis',
      kind: 'percent',
      value: 100,
      fee_type_ids: [await feeTypeId('Buku')],
      target: 'students',
      student_ids: [member(2)],
      from_mm: place.mm,
      to_mm: place.mm,
      reason: 'Bantuan buku',
    });
    expect(rule.status).toBe(201);
    const res = await call('POST', '/api/student-billing-extra', s.bandung, {
      ...place.filter,
      mm: place.mm,
      bill_date: `${place.mm}-05`,
      student_fee_components: [buku],
      students: [member(2), member(3)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const free = await itemOf(member(2), place.mm, await feeTypeId('Buku'));
    expect(free).toMatchObject({ discount: 80_000, total_billing: 0, discount_rule_id: rule.body.id });
    expect(await itemOf(member(3), place.mm, await feeTypeId('Buku'))).toMatchObject({ discount: 0 });
    await expectLedgerConsistent(s.ctx, free.student_billing_id);
  });
});

describe('applying a rule mid-year', () => {
  it('previews the unpaid items and the total, applies exactly that once, never below zero', async () => {
    await addCategory(member(3), 'orphan');
    const rule = await createRule({
      name: 'Yatim',
      value: 60_000,
      fee_type_ids: [place.kegiatan, place.spp],
      target: 'category',
      category: 'orphan',
      from_mm: place.mm,
      to_mm: place.mm2,
      reason: 'Yatim piatu',
    });
    expect(rule.status).toBe(201);
    const preview = await call<DiscountApplyPreview>(
      'GET',
      `/api/discount-rules/${rule.body.id}/apply-preview`,
      s.bandung,
    );
    expect(preview.status).toBe(200);
    // Kegiatan (50.000) capped at its price, SPP of both months 60.000 each.
    expect(preview.body.items.map((i) => [i.mm, i.fee_type_name, i.discount])).toEqual(
      expect.arrayContaining([
        [place.mm, 'Kegiatan', 50_000],
        [place.mm, 'SPP', 60_000],
        [place.mm2, 'SPP', 60_000],
      ]),
    );
    expect(preview.body).toMatchObject({ count: 3, total: 170_000 });

    // A total other than the preview's: refused, nothing written.
    const stale = await call('POST', `/api/discount-rules/${rule.body.id}/apply`, s.bandung, { total: 1 });
    expect(stale.status).toBe(409);
    expect(await itemOf(member(3), place.mm, place.kegiatan)).toMatchObject({
      discount: 0,
      discount_rule_id: null,
    });
    const applied = await call<DiscountApplyResult>(
      'POST',
      `/api/discount-rules/${rule.body.id}/apply`,
      s.bandung,
      {
        total: preview.body.total,
      },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ count: preview.body.count, total: preview.body.total });
    const kegiatan = await itemOf(member(3), place.mm, place.kegiatan);
    expect(kegiatan).toMatchObject({ discount: 50_000, total_billing: 0, discount_rule_id: rule.body.id });
    await expectLedgerConsistent(s.ctx, kegiatan.student_billing_id);

    // Twice: nothing left to apply, nothing changes.
    const before = await db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_id, member(3)));
    const again = await call('POST', `/api/discount-rules/${rule.body.id}/apply`, s.bandung, { total: 0 });
    expect(again.status).toBe(422);
    const after = await db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_id, member(3)));
    expect(after).toEqual(before);
    const [audit] = await db
      .select({ n: count() })
      .from(audit_logs)
      .where(and(eq(audit_logs.action, 'discount_rule.apply'), eq(audit_logs.entity_id, rule.body.id)));
    expect(audit?.n).toBe(1);
  });

  it('leaves paid items alone', async () => {
    // A bill of the test's own, its first item partly paid, and a rule naming its student and both items' fee types.
    const bill = await newBill();
    const [paidItem, openItem] = await db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.student_billing_id, bill.id))
      .orderBy(student_billing_items.id);
    if (!paidItem || !openItem) throw new Error('the bill has not two items');
    const payment = await call(
      'POST',
      `/api/student-billing-pay/${bill.id}`,
      s.bandung,
      { student_billing_items: [{ id: paidItem.id, payment_amount: 100_000 }], ptype: 1 },
      { [IDEMPOTENCY_KEY_HEADER]: `rules-paid-${Date.now()}` },
    );
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const [paid] = await db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, paidItem.id));
    const rule = await createRule({
      name: 'Keringanan Bulan Ini',
      kind: 'percent',
      value: 10,
      fee_type_ids: [paidItem.fee_type_id, openItem.fee_type_id],
      target: 'students',
      student_ids: [bill.student_id],
      from_mm: bill.mm,
      to_mm: bill.mm,
      reason: 'Orang tua sakit',
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const preview = await call<DiscountApplyPreview>(
      'GET',
      `/api/discount-rules/${rule.body.id}/apply-preview`,
      s.bandung,
    );
    expect(preview.body.items.map((i) => i.item_id)).toEqual([openItem.id]);
    const applied = await call('POST', `/api/discount-rules/${rule.body.id}/apply`, s.bandung, {
      total: preview.body.total,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const [now] = await db
      .select()
      .from(student_billing_items)
      .where(eq(student_billing_items.id, paidItem.id));
    expect(now).toEqual(paid);
    await expectLedgerConsistent(s.ctx, bill.id);
  });
});

describe('students’ categories', () => {
  it('one standing row per student and category; an ended one no longer counts', async () => {
    const dup = await call('POST', '/api/student-categories', s.bandung, {
      student_id: member(3),
      category: 'orphan',
      since: '2026-07-01',
    });
    expect(dup.status).toBe(409);
    const page = await call<StudentCategoryPage>('GET', '/api/student-categories?category=orphan', s.bandung);
    const row = page.body.data.find((r) => r.student_id === member(3));
    expect(row).toMatchObject({ category: 'orphan', ended_at: null });
    const noReason = await call('POST', `/api/student-categories/${row?.id}/end`, s.bandung, {});
    expect(noReason.status).toBe(422);
    const ended = await call('POST', `/api/student-categories/${row?.id}/end`, s.bandung, {
      reason: 'Salah input',
    });
    expect(ended.status).toBe(200);
    const standing = await db
      .select({ n: count() })
      .from(student_categories)
      .where(and(eq(student_categories.student_id, member(3)), isNull(student_categories.ended_at)));
    expect(standing[0]?.n).toBe(0);
  });
});

describe('Laporan Potongan', () => {
  it('adds what each rule gave per class, equal to the items’ discounts', async () => {
    const res = await call<DiscountReport>(
      'GET',
      `/api/report-discounts?mm_from=${place.mm}&mm_to=${place.mm2}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    const mine = res.body.rows.filter((r) => r.class_id === place.filter.class_id);
    const byRule = (id: number) => mine.find((r) => r.rule_id === id);
    // Beasiswa: student 0's SPP of the first month; Anak Pegawai: students 0 and 1 of the second (student 1's first
    // month is now by hand).
    expect(byRule(beasiswa.id)).toMatchObject({ items: 1, total: 125_000, students: 1 });
    expect(byRule(staffRule.id)).toMatchObject({ items: 2, total: 200_000, students: 2 });
    expect(byRule(later.id)).toMatchObject({ items: 1, total: 50_000 });
    expect(res.body.total).toBe(
      await givenByRules(
        eq(student_billing_items.branch_id, 1),
        sql`${student_billings.mm} between ${place.mm} and ${place.mm2}`,
      ),
    );
    const file = await call('GET', `/api/report-discounts-xlsx?mm_from=${place.mm}`, s.bandung);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    expect(file.raw.length).toBeGreaterThan(1000);
  });

  it('narrows to the bills’ placement: a class gives its rows only, and their total', async () => {
    const all = await call<DiscountReport>('GET', '/api/report-discounts', s.bandung);
    const { department_id, year_of_study_id, level_id, class_id } = place.filter;
    const mine = all.body.rows.filter((r) => r.class_id === class_id);
    // The demo data's rules gave in other classes too: the class is a part of the whole.
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.body.rows.length);
    const res = await call<DiscountReport>(
      'GET',
      `/api/report-discounts?department_id=${department_id}&year_of_study_id=${year_of_study_id}` +
        `&yos_periode_id=all&level_id=${level_id}&class_id=${class_id}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual(mine);
    expect(res.body.total).toBe(mine.reduce((n, r) => n + r.total, 0));
    expect(res.body.total).toBeLessThan(all.body.total);
    // The class and its first month: Beasiswa's item; Keringanan gave in the second month only.
    const month = await call<DiscountReport>(
      'GET',
      `/api/report-discounts?class_id=${class_id}&mm_from=${place.mm}&mm_to=${place.mm}`,
      s.bandung,
    );
    expect(month.body.rows.find((r) => r.rule_id === beasiswa.id)).toMatchObject({
      items: 1,
      total: 125_000,
    });
    expect(month.body.rows.find((r) => r.rule_id === later.id)).toBeUndefined();
    expect(month.body.total).toBe(
      await givenByRules(eq(student_billings.class_id, class_id), eq(student_billings.mm, place.mm)),
    );
    const file = await call('GET', `/api/report-discounts-xlsx?class_id=${class_id}`, s.bandung);
    expect(file.status).toBe(200);
  });

  it('a department where no rule gave anything answers empty', async () => {
    const [branch] = await db.select().from(branches).where(eq(branches.id, 1));
    const [empty] = await db
      .insert(departments)
      .values({
        client_id: branch?.client_id as number,
        branch_id: 1,
        name: 'Dept Tanpa Potongan',
        sequence: 98,
      })
      .returning();
    const res = await call<DiscountReport>(
      'GET',
      `/api/report-discounts?department_id=${empty?.id}`,
      s.bandung,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rows: [], total: 0 });
    const file = await call('GET', `/api/report-discounts-xlsx?department_id=${empty?.id}`, s.bandung);
    expect(file.status).toBe(200);
  });

  it('refuses a bad id or month with a readable message, and another branch’s class in the download', async () => {
    const refused = async (query: string, message: string) => {
      const res = await call<{ message: string }>('GET', `/api/report-discounts?${query}`, s.bandung);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).toBe(message);
      const file = await call<{ message: string }>('GET', `/api/report-discounts-xlsx?${query}`, s.bandung);
      expect(file.status, query).toBe(422);
    };
    await refused('class_id=abc', 'Kelas tidak valid');
    await refused('department_id=0', 'Departemen tidak valid');
    await refused('level_id=1.5', 'Tingkat tidak valid');
    await refused('mm_from=2026-13', 'Dari Bulan tidak valid');
    await refused(`mm_from=${place.mm2}&mm_to=${place.mm}`, MONTH_RANGE_MESSAGE);
    const [foreign] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(eq(classes.branch_id, 2))
      .limit(1);
    expect(foreign).toBeDefined();
    const none = await call<DiscountReport>(
      'GET',
      `/api/report-discounts?class_id=${foreign?.id}`,
      s.bandung,
    );
    expect(none.body).toEqual({ rows: [], total: 0 });
    expect((await call('GET', `/api/report-discounts-xlsx?class_id=${foreign?.id}`, s.bandung)).status).toBe(
      404,
    );
  });
});

describe('the demo data', () => {
  it('has the sibling rule naming its items and a scholarship not applied yet', async () => {
    const list = await call<DiscountRulePage>('GET', '/api/discount-rules?status=all&limit=100', s.bandung);
    const sibling = list.body.data.find((r) => r.name === 'Potongan Saudara Kandung');
    const scholarship = list.body.data.find((r) => r.name === 'Beasiswa Prestasi');
    expect(sibling).toMatchObject({ kind: 'percent', value: 10, target: 'category', category: 'sibling' });
    expect(sibling?.items).toBeGreaterThan(0);
    expect(scholarship?.students).toHaveLength(2);
    expect(scholarship?.items).toBe(0);
    const preview = await call<DiscountApplyPreview>(
      'GET',
      `/api/discount-rules/${scholarship?.id}/apply-preview`,
      s.bandung,
    );
    expect(preview.body.count).toBeGreaterThan(0);
    expect(preview.body.total).toBe(preview.body.items.reduce((n, i) => n + i.total_discount, 0));

    // A sibling's statement names the rule on the discount line.
    const [linked] = await db
      .select({ student_id: student_billing_items.student_id })
      .from(student_billing_items)
      .where(eq(student_billing_items.discount_rule_id, sibling?.id ?? 0))
      .limit(1);
    const statement = await call<StudentStatement>(
      'GET',
      `/api/student-statement?student_id=${linked?.student_id}&date_from=2000-01-01`,
      s.bandung,
    );
    expect(statement.status).toBe(200);
    expect(statement.body.lines.some((l) => l.description.endsWith('— Potongan Saudara Kandung'))).toBe(true);
  });
});

describe('refusals change nothing', () => {
  it('bad input, another branch’s fee type or student, a stranger and a teacher', async () => {
    const before = await ruleCount();
    const base = {
      name: 'X',
      kind: 'percent',
      value: 10,
      fee_type_ids: [place.spp],
      target: 'students',
      student_ids: [member(0)],
      from_mm: place.mm,
      reason: 'alasan',
    };
    const cases: [object, string][] = [
      [{ value: 150 }, 'value'],
      [{ kind: 'amount', value: -5 }, 'value'],
      [{ student_ids: [] }, 'student_ids'],
      [{ target: 'category', category: 'tetangga' }, 'category'],
      [{ to_mm: '2000-01' }, 'to_mm'],
      [{ reason: '' }, 'reason'],
    ];
    for (const [change, field] of cases) {
      const res = await createRule({ ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body).toHaveProperty(['errors', field]);
    }
    const [jakartaType] = await db
      .select({ id: fee_types.id })
      .from(fee_types)
      .where(eq(fee_types.branch_id, 2));
    const other = await createRule({ ...base, fee_type_ids: [jakartaType?.id] });
    expect(other.status).toBe(422);
    expect((await createRule(base, s.jakarta)).status).toBe(422); // Bandung's fee type and student
    expect((await createRule(base, s.guru)).status).toBe(403);
    expect((await call('GET', `/api/discount-rules/${staffRule.id}`, s.jakarta)).status).toBe(404);
    expect(
      (await call('POST', `/api/discount-rules/${staffRule.id}/apply`, s.jakarta, { total: 0 })).status,
    ).toBe(404);
    expect(await ruleCount()).toBe(before);
  });
});

// Last, after every write above: the sums the database keeps (docs/decisions.md "Sums kept by the database").
describe('the kept sums', () => {
  it('still equal the ledger after charging with rules, applying them mid-year and editing by hand', async () => {
    await expectSumsMatchLedger(s.ctx);
  });
});
