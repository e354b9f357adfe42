/**
 * Last month's and this month's fee components of every class and the students' bills: the main bill of the
 * monthly components (a few with a sibling discount or half a scholarship on SPP), first-level classes' textbook
 * extra bill this month, and who paid what. Jakarta's SMP has not confirmed this month's bills yet; a few bills
 * show a voided payment (docs/money.md#voids-never-deletes).
 */
import {
  billDueDate,
  billTotals,
  type ItemTotals,
  itemDueDate,
  itemTotals,
  paymentStatusOf,
} from '@keuangan/shared/contract';
import type * as s from '../db/schema';
import { monthOf, monthRange } from '../lib/time';
import { addDays, daysBetween, type Row, rupiah, type SeedContext } from './context';
import { MONTHLY_COMPONENTS, monthlyPrice, OLD_ARREARS } from './definitions';
import type { BranchScope, DepartmentStructure } from './school';
import type { Enrolment } from './students';

type Line = { component: Row<typeof s.student_fee_components>; discount: number; bail: number };
/** An item as the seed builds it: every money column set. */
type SeededItem = Row<typeof s.student_billing_items> & ItemTotals;
export type BuiltBill = { bill: Row<typeof s.student_billings>; items: SeededItem[] };

export function addMonthlyBills(
  ctx: SeedContext,
  scope: BranchScope,
  structure: DepartmentStructure,
  enrolment: Enrolment,
) {
  const { rows, ids, rnd, lastMonth, thisMonth } = ctx;
  const { branch, b, own, feeTypeId, demos } = scope;
  const { dept, d, departmentId, years, levelIds, classOf } = structure;
  const bills = billMaker(ctx, scope);

  for (const mm of [lastMonth, thisMonth]) {
    const { first } = monthRange(mm);
    const yearIdx = years.findIndex((y) => first >= `${y.start}-07-01` && first <= `${y.start + 1}-06-30`);
    const yearRow = years[yearIdx];
    if (!yearRow) continue;
    const semester = yearRow.semesters.find((sem) => first >= sem.start_date && first <= sem.end_date);
    if (!semester) continue;
    const isThisMonth = mm === thisMonth;

    for (const cls of classOf.values()) {
      if (cls.yearIdx !== yearIdx) continue;
      const base = {
        ...own,
        department_id: departmentId,
        year_of_study_id: yearRow.id,
        yos_periode_id: semester.id,
        level_id: levelIds[cls.levelIdx] as number,
        class_id: cls.id,
        mm,
      };
      const components = MONTHLY_COMPONENTS.map((c) => {
        const row = {
          id: ids.student_fee_components(),
          ...base,
          fee_type_id: feeTypeId.get(c.fee) as number,
          ftype: c.ftype,
          name: c.name,
          price: monthlyPrice(branch, dept, c, cls.levelIdx),
          description: c.fee === 'SPP' ? `SPP bulan ${mm}` : null,
          due_day: c.due_day,
          due_date: null,
        };
        rows.student_fee_components.push(row);
        return row;
      });
      // First-level classes buy their textbooks this month: an extra bill.
      let extra: (typeof components)[number] | undefined;
      if (isThisMonth && cls.levelIdx === 0) {
        extra = {
          id: ids.student_fee_components(),
          ...base,
          fee_type_id: feeTypeId.get('Buku') as number,
          ftype: 1,
          name: 'Buku Paket Semester',
          price: rupiah(350_000 * branch.priceFactor),
          description: 'Paket buku pelajaran satu semester',
          due_day: 25,
          due_date: null,
        };
        rows.student_fee_components.push(extra);
      }

      // Jakarta's SMP has not confirmed this month's bills yet.
      const confirmed = !(isThisMonth && b === 1 && d === 1);
      for (const studentId of enrolment.classStudents.get(cls.id) ?? []) {
        const student = enrolment.studentById.get(studentId);
        if (!student) continue;
        const discountRate = rnd.chance(0.08) ? 0.1 : 0; // sibling discount on SPP
        const bailRate = rnd.chance(0.04) ? 0.5 : 0; // scholarship covers half the SPP
        const bill = bills.add({
          base,
          studentId,
          type: 1,
          bill_date: first,
          confirmed,
          lines: components.map((c, i) => ({
            component: c,
            discount: i === 0 ? rupiah(c.price * discountRate) : 0,
            bail: i === 0 ? rupiah(c.price * bailRate) : 0,
          })),
        });
        if (confirmed) bills.pay(bill, mm, student);
        else if (demos.voidedMainBills < 3 && bill.items.length > 0) {
          demos.voidedMainBills++;
          bills.payThenVoid(bill, student);
        }
        if (extra && rnd.chance(0.7)) {
          const extraBill = bills.add({
            base,
            studentId,
            type: 2,
            bill_date: `${mm}-02`,
            confirmed: rnd.chance(0.6),
            lines: [{ component: extra, discount: 0, bail: 0 }],
          });
          if (extraBill.bill.form_status === 1) bills.pay(extraBill, mm, student);
          else if (b === 0 && d === 0 && !demos.voidedExtraBill) {
            demos.voidedExtraBill = true;
            bills.payThenVoid(extraBill, student);
          }
        }
      }
    }
  }
  addOldArrears(ctx, scope, structure, enrolment, bills);
}

/**
 * Older arrears: a fixed-date activity fee two active students of Kelas 2B / 8B still owe, due 100 and 70 days ago
 * (so the arrears report's 61-90 and > 90 buckets have data).
 */
function addOldArrears(
  { rows, ids, today }: SeedContext,
  { branch, own, feeTypeId }: BranchScope,
  { departmentId, years, levelIds, classOf }: DepartmentStructure,
  enrolment: Enrolment,
  bills: ReturnType<typeof billMaker>,
) {
  for (const old of OLD_ARREARS) {
    const due = addDays(today, -old.daysAgo);
    const mm = monthOf(due);
    const { first } = monthRange(mm);
    const yearIdx = years.findIndex((y) => first >= `${y.start}-07-01` && first <= `${y.start + 1}-06-30`);
    const yearRow = years[yearIdx];
    const semester = yearRow?.semesters.find((sem) => first >= sem.start_date && first <= sem.end_date);
    const cls = classOf.get(`${yearIdx}:1:B`);
    if (!yearRow || !semester || !cls) continue;
    const base = {
      ...own,
      department_id: departmentId,
      year_of_study_id: yearRow.id,
      yos_periode_id: semester.id,
      level_id: levelIds[1] as number,
      class_id: cls.id,
      mm,
    };
    const component = {
      id: ids.student_fee_components(),
      ...base,
      fee_type_id: feeTypeId.get('Kegiatan') as number,
      ftype: 1,
      name: old.name,
      price: rupiah(old.price * branch.priceFactor),
      description: `${old.name}, dibayar paling lambat ${due}`,
      due_day: null,
      due_date: due,
    };
    rows.student_fee_components.push(component);
    const owing = (enrolment.classStudents.get(cls.id) ?? []).filter(
      (id) => enrolment.studentById.get(id)?.study_status === 1,
    );
    for (const studentId of owing.slice(0, 2)) {
      bills.add({
        base,
        studentId,
        type: 2,
        bill_date: `${mm}-02`,
        confirmed: true,
        lines: [{ component, discount: 0, bail: 0 }],
      });
    }
  }
}

/** Adding a branch's bills and their payments; totals follow the contract's money rules. */
export function billMaker(
  { rows, ids, rnd, today, thisMonth }: SeedContext,
  { branch, financeUser }: BranchScope,
) {
  /** A bill's totals, and its due date: the earliest of its items still owing (docs/money.md). */
  function refresh(built: BuiltBill) {
    Object.assign(built.bill, billTotals(built.items));
    built.bill.due_date = billDueDate(built.items, built.bill.bill_date);
  }

  function add(input: {
    base: {
      client_id: number;
      branch_id: number;
      department_id: number;
      year_of_study_id: number;
      yos_periode_id: number;
      level_id: number;
      class_id: number;
      mm: string;
    };
    studentId: number;
    type: 1 | 2;
    bill_date: string;
    confirmed: boolean;
    lines: Line[];
  }): BuiltBill {
    const billId = ids.student_billings();
    const items = input.lines.map(({ component, discount, bail }) => {
      const price = component.price as number;
      return {
        id: ids.student_billing_items(),
        client_id: input.base.client_id,
        branch_id: input.base.branch_id,
        department_id: input.base.department_id,
        student_id: input.studentId,
        student_billing_id: billId,
        student_fee_component_id: component.id as number,
        fee_type_id: component.fee_type_id,
        ftype: component.ftype ?? 1,
        price,
        discount,
        bail,
        qty: 1,
        ...itemTotals({ price, discount, bail, qty: 1, total_payment: 0 }),
        due_date: itemDueDate(component, input.bill_date),
      } satisfies SeededItem;
    });
    const bill: Row<typeof s.student_billings> = {
      id: billId,
      ...input.base,
      bill_number: '', // numbered in date order at the end (numbering.ts)
      student_id: input.studentId,
      bill_date: input.bill_date,
      due_date: input.bill_date, // set with the totals
      type: input.type,
      form_status: input.confirmed ? 1 : 0,
      created_by: financeUser,
    };
    rows.student_billings.push(bill);
    rows.student_billing_items.push(...items);
    refresh({ bill, items });
    return { bill, items };
  }

  /** The random outcome of a bill's payment: when, and which items in full (undefined: not paid). */
  function randomLines(built: BuiltBill, mm: string, voided: boolean) {
    const isThisMonth = mm === thisMonth;
    const outcome = voided
      ? 'full'
      : isThisMonth
        ? rnd.weighted([
            ['full', 45],
            ['partial', 12],
            ['none', 43],
          ] as const)
        : rnd.weighted([
            ['full', 78],
            ['late', 12],
            ['none', 10],
          ] as const);
    if (outcome === 'none') return undefined;
    const billDate = built.bill.bill_date;
    // Paid between the bill date and the end of its month, or (late, this month's) up to today.
    const from = outcome === 'late' ? `${thisMonth}-01` : billDate;
    const to = voided ? billDate : isThisMonth || outcome === 'late' ? today : monthRange(mm).last;
    if (to < from) return undefined;
    const payment_date = addDays(from, rnd.int(0, daysBetween(from, to)));
    // A partial payer settles the first item (SPP) only.
    const paying = outcome === 'partial' ? built.items.slice(0, 1) : built.items;
    const lines = paying
      .filter((item) => (item.total_billing ?? 0) > 0)
      .map((item) => ({ item, amount: item.total_billing ?? 0 }));
    return { payment_date, lines };
  }

  function fixedLines(built: BuiltBill, fixed: { date: string; amounts: Map<number, number> }) {
    const lines = built.items.map((item) => ({ item, amount: fixed.amounts.get(item.id as number) ?? 0 }));
    return { payment_date: fixed.date, lines: lines.filter((l) => l.amount > 0) };
  }

  /**
   * Records who paid what: most pay in full in the bill's month, some late (this month), some not yet; `fixed`:
   * these amounts in cash on that day (no random draw, so the rest of the demo data stays as it was).
   */
  function pay(
    built: BuiltBill,
    mm: string,
    student: Row<typeof s.students>,
    voided = false,
    fixed?: { date: string; amounts: Map<number, number> },
  ) {
    const chosen = fixed ? fixedLines(built, fixed) : randomLines(built, mm, voided);
    if (!chosen) return;
    const { payment_date, lines } = chosen;
    const amount = lines.reduce((sum, l) => sum + l.amount, 0);
    if (amount <= 0) return;

    const paymentId = ids.student_billing_payments();
    const ptype = fixed
      ? 1
      : rnd.weighted([
          [1, 40],
          [4, 40],
          [2, 20],
        ]);
    const payer = fixed
      ? (student.father ?? student.name)
      : rnd.chance(0.7)
        ? (student.father ?? student.name)
        : (student.mother ?? student.name);
    const payment: Row<typeof s.student_billing_payments> = {
      id: paymentId,
      client_id: built.bill.client_id,
      branch_id: built.bill.branch_id,
      student_billing_id: built.bill.id as number,
      student_id: built.bill.student_id,
      payment_number: '',
      payment_date,
      amount,
      // Cash is handed over rounded up to Rp 50.000; other types pay the exact amount.
      total_amount_payment_paid: ptype === 1 ? Math.ceil(amount / 50_000) * 50_000 : amount,
      ptype,
      payer_name: payer,
      payer_city: branch.city,
      note: ptype === 4 ? 'Transfer via bank' : null,
      idempotency_key: `seed-${paymentId}`,
      created_by: financeUser,
      // Recorded on its own day (10:00 WIB), as a cashier would have: Rekap Kas Harian reads the day from it.
      created_at: new Date(`${payment_date}T03:00:00Z`),
      ...(voided
        ? {
            // Paid, then the bill's confirmation was withdrawn: the payment stays, voided.
            voided_at: new Date(`${today}T02:00:00Z`),
            voided_by: financeUser,
            void_reason: 'Konfirmasi billing dibatalkan: diskon saudara kandung belum dimasukkan',
          }
        : {}),
    };
    rows.student_billing_payments.push(payment);
    for (const { item, amount: paid } of lines) {
      rows.student_billing_item_payments.push({
        id: ids.student_billing_item_payments(),
        client_id: item.client_id,
        branch_id: item.branch_id,
        student_billing_payment_id: paymentId,
        student_billing_item_id: item.id as number,
        student_fee_component_id: item.student_fee_component_id,
        amount: paid,
      });
      if (voided) continue; // a voided payment counts in no total
      item.total_payment = (item.total_payment ?? 0) + paid;
      item.total_billing = (item.total_billing ?? 0) - paid;
      item.payment_status = paymentStatusOf(item.total_billing);
    }
    refresh(built);
    payment.total_billing_after = voided ? 0 : (built.bill.total_billing ?? 0);
  }

  return {
    add,
    pay,
    refresh,
    /** A payment in full on the bill date, voided today: the bill was paid, then its confirmation withdrawn. */
    payThenVoid: (built: BuiltBill, student: Row<typeof s.students>) => pay(built, thisMonth, student, true),
  };
}
