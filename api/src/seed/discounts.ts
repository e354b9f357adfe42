/**
 * Aturan Potongan's demo (docs/money.md#discount-rules), per branch: Potongan Saudara Kandung on the bills' sibling
 * discounts, and Beasiswa Prestasi for two students, not yet applied so "Terapkan" has work. Only the demo months.
 */
import { ruleUnitDiscount } from '@keuangan/shared/contract';
import type { SeedContext } from './context';
import type { BranchScope } from './school';

export function addDiscountRules(ctx: SeedContext, scope: BranchScope) {
  const { rows, ids, lastMonth, thisMonth, currentStart } = ctx;
  const { own, feeTypeId, financeUser } = scope;
  const spp = feeTypeId.get('SPP') as number;
  const since = `${currentStart}-07-01`;
  const sppItems = rows.student_billing_items.filter(
    (i) => i.branch_id === own.branch_id && i.fee_type_id === spp,
  );

  const sibling = {
    id: ids.discount_rules(),
    ...own,
    name: 'Potongan Saudara Kandung',
    kind: 'percent',
    value: 10,
    fee_type_ids: [spp],
    target: 'category',
    category: 'sibling',
    from_mm: lastMonth,
    to_mm: thisMonth,
    reason: 'Kakak atau adik bersekolah di yayasan yang sama',
    created_by: financeUser,
  };
  rows.discount_rules.push(sibling);
  const siblings = new Set<number>();
  for (const item of sppItems) {
    if (!item.discount) continue;
    siblings.add(item.student_id);
    if (item.discount === ruleUnitDiscount({ kind: 'percent', value: 10 }, item.price ?? 0, item.bail ?? 0)) {
      item.discount_rule_id = sibling.id;
    }
  }
  for (const studentId of [...siblings].sort((a, b) => a - b)) {
    rows.student_categories.push({
      id: ids.student_categories(),
      ...own,
      student_id: studentId,
      category: 'sibling',
      since,
      created_by: financeUser,
    });
  }

  const unpaidOwners = sppItems
    .filter((i) => !i.discount && !i.bail && !i.total_payment && !siblings.has(i.student_id))
    .map((i) => i.student_id);
  const chosen = [...new Set(unpaidOwners)].sort((a, b) => a - b).slice(0, 2);
  const scholarship = {
    id: ids.discount_rules(),
    ...own,
    name: 'Beasiswa Prestasi',
    kind: 'percent',
    value: 50,
    fee_type_ids: [spp],
    target: 'students',
    category: null,
    from_mm: lastMonth,
    to_mm: thisMonth,
    reason: 'Juara umum semester lalu',
    created_by: financeUser,
  };
  rows.discount_rules.push(scholarship);
  for (const studentId of chosen) {
    rows.discount_rule_students.push({
      id: ids.discount_rule_students(),
      discount_rule_id: scholarship.id,
      student_id: studentId,
    });
    rows.student_categories.push({
      id: ids.student_categories(),
      ...own,
      student_id: studentId,
      category: 'scholarship',
      since,
      created_by: financeUser,
    });
  }
}
