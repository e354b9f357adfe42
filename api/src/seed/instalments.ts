/**
 * Cicilan in the demo data (docs/money.md "Instalments"): Bandung's plan "Uang Pangkal 3x" (40/30/30, due the
 * 10th of this month and the next two) applied to the Uang Pangkal of three students of its first department's
 * class 3A, one of whom has paid the first instalment today. Added after everything else and with no random
 * draw, so the rest of the demo data (ids, numbers, who paid what) is as it was without it.
 */
import { instalmentsDueDate, splitByPercent } from '@keuangan/shared/contract';
import { addMonths, monthRange } from '../lib/time';
import { billMaker } from './bills';
import { rupiah, type SeedContext } from './context';
import type { BranchScope, DepartmentStructure } from './school';
import type { Enrolment } from './students';

const UANG_PANGKAL = 6_000_000;
const PERCENTS = [40, 30, 30];

export function addInstalmentDemo(
  ctx: SeedContext,
  scope: BranchScope,
  structure: DepartmentStructure,
  enrolment: Enrolment,
) {
  const { rows, ids, today, thisMonth } = ctx;
  const { own, feeTypeId, financeUser, branch } = scope;
  const { first } = monthRange(thisMonth);
  const yearIdx = structure.years.findIndex(
    (y) => first >= `${y.start}-07-01` && first <= `${y.start + 1}-06-30`,
  );
  const year = structure.years[yearIdx];
  const semester = year?.semesters.find((sem) => first >= sem.start_date && first <= sem.end_date);
  const cls = structure.classOf.get(`${yearIdx}:2:A`);
  if (!year || !semester || !cls) return;
  const dueDates = [0, 1, 2].map((n) => `${addMonths(thisMonth, n)}-10`);
  const planId = ids.instalment_plans();
  rows.instalment_plans.push({
    id: planId,
    ...own,
    name: 'Uang Pangkal 3x',
    shares: PERCENTS.map((percent, i) => ({ percent, amount: null, due_date: dueDates[i] as string })),
    created_by: financeUser,
  });

  const base = {
    ...own,
    department_id: structure.departmentId,
    year_of_study_id: year.id,
    yos_periode_id: semester.id,
    level_id: structure.levelIds[2] as number,
    class_id: cls.id,
    mm: thisMonth,
  };
  const component = {
    id: ids.student_fee_components(),
    ...base,
    fee_type_id: feeTypeId.get('Uang Pangkal') as number,
    ftype: 1,
    name: 'Uang Pangkal',
    price: rupiah(UANG_PANGKAL * branch.priceFactor),
    description: 'Uang pangkal siswa pindahan, dicicil 3 kali',
    due_day: 10,
    due_date: null,
  };
  rows.student_fee_components.push(component);
  const bills = billMaker(ctx, scope);
  const billDate = `${thisMonth}-02`;
  const students = (enrolment.classStudents.get(cls.id) ?? [])
    .filter((id) => enrolment.studentById.get(id)?.study_status === 1)
    .slice(0, 3);
  students.forEach((studentId, n) => {
    const built = bills.add({
      base,
      studentId,
      type: 2,
      bill_date: billDate,
      confirmed: true,
      lines: [{ component, discount: 0, bail: 0 }],
    });
    const item = built.items[0];
    if (!item) return;
    const amounts = splitByPercent(component.price, PERCENTS);
    const instalments = amounts.map((amount, i) => ({
      seq: i + 1,
      amount,
      due_date: (dueDates[i] as string) < billDate ? billDate : (dueDates[i] as string),
    }));
    for (const instalment of instalments) {
      rows.bill_item_instalments.push({
        id: ids.bill_item_instalments(),
        ...own,
        student_billing_item_id: item.id as number,
        plan_id: planId,
        ...instalment,
        created_by: financeUser,
      });
    }
    // The first student has paid the first instalment today (when the bill is dated by then).
    const student = enrolment.studentById.get(studentId);
    if (n === 0 && student && today >= billDate) {
      bills.pay(built, thisMonth, student, false, {
        date: today,
        amounts: new Map([[item.id as number, amounts[0] as number]]),
      });
    }
    item.due_date = instalmentsDueDate(instalments, item.total_payment ?? 0) ?? item.due_date;
    bills.refresh(built);
  });
}
