/**
 * Aturan Potongan (docs/money.md#discount-rules, docs/screens.md#aturan-potongan): rules that give a percentage or
 * an amount off named fee types, for chosen students or a student category, for a period of months, with a
 * reason. The pure rules of which rule an item takes and how much it gives are here, used by the server when it
 * charges or applies a rule and by the screens to show the same figure.
 */
import * as v from 'valibot';
import type { Paged } from './common';
import { MAX_PRICE } from './fee-component';
import {
  MONTH_RANGE_MESSAGE,
  MONTH_RANGE_QUERY_ENTRIES,
  monthRangeInOrder,
  PLACEMENT_QUERY_ENTRIES,
  pageEntries,
  queryChoice,
} from './query';

export const DISCOUNT_RULES_TITLE = 'Aturan Potongan';
export const DISCOUNT_RULES_PATH = '/aturan-potongan';
export const DISCOUNT_REPORT_TITLE = 'Laporan Potongan';
export const DISCOUNT_RULES_PAGE_SIZE = 20;
/** The most items a preview lists (its count and total always cover them all). */
export const DISCOUNT_PREVIEW_ROWS = 100;

/** The student categories a rule can target. */
export const STUDENT_CATEGORIES = [
  { value: 'sibling', label: 'Saudara Kandung' },
  { value: 'staff_child', label: 'Anak Pegawai' },
  { value: 'scholarship', label: 'Beasiswa' },
  { value: 'orphan', label: 'Yatim/Piatu' },
] as const;
export type StudentCategory = (typeof STUDENT_CATEGORIES)[number]['value'];
const CATEGORY_CODES = STUDENT_CATEGORIES.map((c) => c.value) as [StudentCategory, ...StudentCategory[]];
export const studentCategoryLabel = (code: string): string =>
  STUDENT_CATEGORIES.find((c) => c.value === code)?.label ?? code;

/** A rule gives a percentage of the price or an amount of rupiah off each unit. */
export const DISCOUNT_KINDS = [
  { value: 'percent', label: 'Persen' },
  { value: 'amount', label: 'Nominal' },
] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]['value'];

/** Whom a rule is for: students chosen by name, or every student of a category. */
export const DISCOUNT_TARGETS = [
  { value: 'students', label: 'Siswa Terpilih' },
  { value: 'category', label: 'Kategori Siswa' },
] as const;
export type DiscountTarget = (typeof DISCOUNT_TARGETS)[number]['value'];

export const DISCOUNT_MESSAGES = {
  created: 'Aturan potongan berhasil ditambahkan',
  voided: 'Aturan potongan dibatalkan',
  applied: 'Potongan diterapkan ke tagihan yang belum dibayar',
  nothingToApply: 'Tidak ada tagihan belum dibayar yang mendapat potongan ini',
  totalChanged: 'Total potongan sudah berubah sejak pratinjau; lihat pratinjau lagi',
  total: 'Total potongan tidak valid',
  endReason: 'Alasan mengakhiri tidak boleh kosong',
  ruleVoided: 'Aturan potongan sudah dibatalkan',
  name: 'Nama aturan tidak boleh kosong',
  nameLong: 'Nama aturan maksimal 100 karakter',
  kind: 'Jenis potongan tidak valid',
  percent: 'Persen potongan harus 1 sampai 100',
  amount: 'Nominal potongan harus lebih dari 0',
  amountLarge: 'Nominal potongan terlalu besar',
  feeTypes: 'Pilih minimal satu jenis biaya',
  target: 'Sasaran tidak valid',
  category: 'Pilih kategori siswa',
  students: 'Pilih minimal satu siswa',
  studentsMany: 'Paling banyak 500 siswa',
  month: 'Bulan tidak valid',
  fromRequired: 'Bulan mulai tidak boleh kosong',
  period: 'Bulan selesai tidak boleh sebelum bulan mulai',
  reason: 'Alasan tidak boleh kosong',
  reasonLong: 'Alasan maksimal 500 karakter',
  voidReason: 'Alasan pembatalan tidak boleh kosong',
  categoryAdded: 'Kategori siswa berhasil ditambahkan',
  categoryEnded: 'Kategori siswa diakhiri',
  categoryTaken: 'Siswa sudah memiliki kategori ini',
  categoryEndedAlready: 'Kategori siswa sudah diakhiri',
  since: 'Tanggal mulai tidak valid',
  studentOutside: 'Siswa tidak ditemukan di cabang ini',
  feeTypeOutside: 'Jenis biaya tidak ditemukan di cabang ini',
} as const;

// ---------------------------------------------------------------------------------------------------------
// The rules of application (pure)

/** What a rule's application needs to know of it. */
export interface DiscountRuleTerms {
  id: number;
  kind: DiscountKind;
  /** Whole percent (1-100) or whole rupiah per unit. */
  value: number;
  fee_type_ids: readonly number[];
  target: DiscountTarget;
  category: StudentCategory | null;
  /** Chosen students (target 'students'). */
  student_ids: readonly number[];
  /** 'YYYY-MM', both ends inclusive; `to_mm` null: open-ended. */
  from_mm: string;
  to_mm: string | null;
  voided: boolean;
}

/** What decides whether an item takes a rule and how much. */
export interface DiscountableItem {
  student_id: number;
  fee_type_id: number;
  /** The bill's month. */
  mm: string;
  price: number;
  bail: number;
  /** The student's standing categories. */
  categories: readonly string[];
}

/**
 * The discount per unit a rule gives on an item: a percentage of the price rounded to whole rupiah (half up), or
 * the amount; never more than what the price leaves after Ditanggung, so the item never goes below zero.
 */
export function ruleUnitDiscount(rule: Pick<DiscountRuleTerms, 'kind' | 'value'>, price: number, bail = 0) {
  const room = Math.max(0, price - bail);
  const wanted = rule.kind === 'percent' ? Math.round((price * rule.value) / 100) : rule.value;
  return Math.max(0, Math.min(wanted, room));
}

/** Whether the rule is for this item: standing, its month in the period, its fee type named, its student targeted. */
export function ruleMatches(rule: DiscountRuleTerms, item: DiscountableItem): boolean {
  if (rule.voided) return false;
  if (item.mm < rule.from_mm || (rule.to_mm !== null && item.mm > rule.to_mm)) return false;
  if (!rule.fee_type_ids.includes(item.fee_type_id)) return false;
  return rule.target === 'students'
    ? rule.student_ids.includes(item.student_id)
    : rule.category !== null && item.categories.includes(rule.category);
}

/**
 * The one rule an item takes when it is charged (never two: no double discount): of the rules that match, the
 * one giving the most; on a tie the oldest (lowest id). Undefined when none gives anything.
 */
export function bestRule(
  rules: readonly DiscountRuleTerms[],
  item: DiscountableItem,
): { rule: DiscountRuleTerms; discount: number } | undefined {
  let best: { rule: DiscountRuleTerms; discount: number } | undefined;
  for (const rule of rules) {
    if (!ruleMatches(rule, item)) continue;
    const discount = ruleUnitDiscount(rule, item.price, item.bail);
    if (discount <= 0) continue;
    if (!best || discount > best.discount || (discount === best.discount && rule.id < best.rule.id)) {
      best = { rule, discount };
    }
  }
  return best;
}

/**
 * Whether an item may take a rule at all: nothing paid on it, no discount yet (neither a hand discount nor a
 * rule's), still on its bill. A rule is never applied twice to an item, and a paid item is never touched.
 */
export const itemTakesRule = (item: {
  discount: number;
  total_payment: number;
  discount_rule_id: number | null;
}) => item.discount === 0 && item.total_payment === 0 && item.discount_rule_id === null;

/** "Potongan: Beasiswa Prestasi — Juara kelas", as a discounted item names its rule. */
export const discountRuleLabel = (rule: { name: string; reason: string }) =>
  `Potongan: ${rule.name} — ${rule.reason}`;

// ---------------------------------------------------------------------------------------------------------
// Rows

/** A rule as the list and its page show it. */
export interface DiscountRule {
  id: number;
  name: string;
  kind: DiscountKind;
  value: number;
  fee_types: { id: number; name: string }[];
  target: DiscountTarget;
  category: StudentCategory | null;
  students: { id: number; name: string; nis: string }[];
  from_mm: string;
  to_mm: string | null;
  reason: string;
  created_at: string;
  created_by: string | null;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
  /** Items it gave a discount on (standing items), and how much in all. */
  items: number;
  total: number;
}
export type DiscountRulePage = Paged<DiscountRule>;

/** One item a mid-year application would discount. */
export interface DiscountPreviewItem {
  item_id: number;
  bill_number: string;
  mm: string;
  student_id: number;
  student_name: string;
  class_name: string;
  fee_type_name: string;
  price: number;
  qty: number;
  /** Per unit, and times qty. */
  discount: number;
  total_discount: number;
}

/** `GET /api/discount-rules/:id/apply-preview`: what applying would give (`items` rows at most `DISCOUNT_PREVIEW_ROWS`). */
export interface DiscountApplyPreview {
  count: number;
  total: number;
  items: DiscountPreviewItem[];
}

/** `POST /api/discount-rules/:id/apply`: what it gave. */
export interface DiscountApplyResult {
  message: string;
  count: number;
  total: number;
}

/** A student's category, standing or ended. */
export interface StudentCategoryRow {
  id: number;
  student_id: number;
  student_name: string;
  nis: string;
  class_name: string | null;
  category: StudentCategory;
  since: string;
  created_by: string | null;
  ended_at: string | null;
  ended_by: string | null;
  ended_reason: string | null;
}
export type StudentCategoryPage = Paged<StudentCategoryRow>;

/** One line of Laporan Potongan: what a rule gave in a class. */
export interface DiscountReportRow {
  rule_id: number;
  rule_name: string;
  class_id: number;
  class_name: string;
  students: number;
  items: number;
  total: number;
}
export interface DiscountReport {
  rows: DiscountReportRow[];
  total: number;
}

// ---------------------------------------------------------------------------------------------------------
// Input

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const id = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message));
const text = (empty: string, long: string, max: number) =>
  v.pipe(v.string(empty), v.trim(), v.nonEmpty(empty), v.maxLength(max, long));

/** A rule's value as the server takes it: a whole number 1 or more (a percent is at most 100, checked with the kind). */
export const DiscountValueSchema = v.pipe(
  v.number(DISCOUNT_MESSAGES.amount),
  v.integer(DISCOUNT_MESSAGES.amount),
  v.minValue(1, DISCOUNT_MESSAGES.amount),
  v.maxValue(MAX_PRICE, DISCOUNT_MESSAGES.amountLarge),
);

/**
 * The schema of a rule with `value` read by the given schema: the server's takes a number, the form's the text typed
 * (`250.000`); every other field and check is this one definition.
 */
export function discountRuleSchema<TInput>(value: v.GenericSchema<TInput, number>) {
  return v.pipe(
    v.object({
      name: text(DISCOUNT_MESSAGES.name, DISCOUNT_MESSAGES.nameLong, 100),
      kind: v.picklist(['percent', 'amount'], DISCOUNT_MESSAGES.kind),
      value,
      fee_type_ids: v.pipe(
        v.array(id(DISCOUNT_MESSAGES.feeTypes), DISCOUNT_MESSAGES.feeTypes),
        v.minLength(1, DISCOUNT_MESSAGES.feeTypes),
        v.maxLength(50, DISCOUNT_MESSAGES.feeTypes),
      ),
      target: v.picklist(['students', 'category'], DISCOUNT_MESSAGES.target),
      category: v.nullish(v.picklist(CATEGORY_CODES, DISCOUNT_MESSAGES.category), null),
      student_ids: v.optional(
        v.pipe(
          v.array(id(DISCOUNT_MESSAGES.students), DISCOUNT_MESSAGES.students),
          v.maxLength(500, DISCOUNT_MESSAGES.studentsMany),
        ),
        [],
      ),
      from_mm: v.pipe(
        v.string(DISCOUNT_MESSAGES.fromRequired),
        v.nonEmpty(DISCOUNT_MESSAGES.fromRequired),
        v.regex(MONTH, DISCOUNT_MESSAGES.month),
      ),
      to_mm: v.pipe(
        v.nullish(
          v.pipe(
            v.string(DISCOUNT_MESSAGES.month),
            v.check((s) => s === '' || MONTH.test(s), DISCOUNT_MESSAGES.month),
          ),
          null,
        ),
        v.transform((s): string | null => s || null),
      ),
      reason: text(DISCOUNT_MESSAGES.reason, DISCOUNT_MESSAGES.reasonLong, 500),
    }),
    v.forward(
      v.check((r) => r.kind !== 'percent' || r.value <= 100, DISCOUNT_MESSAGES.percent),
      ['value'],
    ),
    v.forward(
      v.check((r) => r.target !== 'category' || r.category !== null, DISCOUNT_MESSAGES.category),
      ['category'],
    ),
    v.forward(
      v.check((r) => r.target !== 'students' || r.student_ids.length > 0, DISCOUNT_MESSAGES.students),
      ['student_ids'],
    ),
    v.forward(
      v.check((r) => r.to_mm === null || r.to_mm >= r.from_mm, DISCOUNT_MESSAGES.period),
      ['to_mm'],
    ),
  );
}

/** `POST /api/discount-rules`. */
export const DiscountRuleCreateSchema = discountRuleSchema(DiscountValueSchema);
export type DiscountRuleCreate = v.InferOutput<typeof DiscountRuleCreateSchema>;

/** A void's or an ending's reason. */
export const DiscountRuleVoidSchema = v.object({
  reason: text(DISCOUNT_MESSAGES.voidReason, DISCOUNT_MESSAGES.reasonLong, 500),
});

/** `GET /api/discount-rules`: `status` active (default), void or all; `q` a part of the name. */
export const DiscountRuleQuerySchema = v.object({
  ...pageEntries(DISCOUNT_RULES_PAGE_SIZE),
  status: v.optional(v.picklist(['active', 'void', 'all'], 'Status tidak valid'), 'active'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Pencarian terlalu panjang'))),
});
export type DiscountRuleQuery = v.InferOutput<typeof DiscountRuleQuerySchema>;

/**
 * `POST /api/discount-rules/:id/apply`: the total the preview showed. The server applies only when its own total is
 * still that one (otherwise 409): what staff confirmed is exactly what is given.
 */
export const DiscountApplySchema = v.object({
  total: v.pipe(
    v.number(DISCOUNT_MESSAGES.total),
    v.integer(DISCOUNT_MESSAGES.total),
    v.minValue(0, DISCOUNT_MESSAGES.total),
  ),
});

/** `POST /api/student-categories/:id/end`: why the category no longer applies. */
export const StudentCategoryEndSchema = v.object({
  reason: text(DISCOUNT_MESSAGES.endReason, DISCOUNT_MESSAGES.reasonLong, 500),
});

/** `POST /api/student-categories`. */
export const StudentCategoryCreateSchema = v.object({
  student_id: id(DISCOUNT_MESSAGES.studentOutside),
  category: v.picklist(CATEGORY_CODES, DISCOUNT_MESSAGES.category),
  since: v.pipe(
    v.string(DISCOUNT_MESSAGES.since),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, DISCOUNT_MESSAGES.since),
    v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), DISCOUNT_MESSAGES.since),
  ),
});
export type StudentCategoryCreate = v.InferOutput<typeof StudentCategoryCreateSchema>;

/** `GET /api/student-categories`: standing ones (or with ended), of a category, by student name or NIS. */
export const StudentCategoryQuerySchema = v.object({
  ...pageEntries(DISCOUNT_RULES_PAGE_SIZE),
  category: queryChoice('Kategori', /^[a-z_]+$/, (s) => s),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Pencarian terlalu panjang'))),
  ended: v.optional(v.picklist(['0', '1'], 'Status tidak valid'), '0'),
});
export type StudentCategoryQuery = v.InferOutput<typeof StudentCategoryQuerySchema>;

/**
 * `GET /api/report-discounts` (and `-xlsx`): the bills' placement (department, year, period, level, class) and a
 * range of the bills' months, each 'Semua' when absent: no filter gives everything of the branch.
 */
export const DiscountReportQuerySchema = v.pipe(
  v.object({ ...PLACEMENT_QUERY_ENTRIES, ...MONTH_RANGE_QUERY_ENTRIES }),
  v.forward(
    v.check((q) => monthRangeInOrder(q), MONTH_RANGE_MESSAGE),
    ['mm_to'],
  ),
);
export type DiscountReportQuery = v.InferOutput<typeof DiscountReportQuerySchema>;
