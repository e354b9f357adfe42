import {
  DISCOUNT_RULES_PATH,
  DISCOUNT_RULES_TITLE,
  type DiscountRule,
  formatMonth,
  formatRupiah,
} from '@keuangan/shared';

export const LIST_PATH = DISCOUNT_RULES_PATH;
export const LIST_TITLE = DISCOUNT_RULES_TITLE;
export const ADD_PATH = `${DISCOUNT_RULES_PATH}/add`;

/** What the list says a rule gives: '50%' or 'Rp 100.000'. */
export const ruleValueText = (rule: Pick<DiscountRule, 'kind' | 'value'>) =>
  rule.kind === 'percent' ? `${rule.value}%` : formatRupiah(rule.value);

/** 'Juli 2026 – Juni 2027', or 'Juli 2026 – seterusnya'. */
export const rulePeriodText = (rule: Pick<DiscountRule, 'from_mm' | 'to_mm'>) =>
  `${formatMonth(rule.from_mm)} – ${rule.to_mm ? formatMonth(rule.to_mm) : 'seterusnya'}`;

/** The state the form hands the list after creating a rule: the list offers to apply it. */
export interface CreatedRuleState {
  created: DiscountRule;
}
