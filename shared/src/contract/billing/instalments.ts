/**
 * Cicilan (instalments, docs/money.md "Instalments"): a fee item split into instalments with their own amounts and
 * due dates, by a branch's plan (Rencana Cicilan). The item's total never changes; what was paid on the item fills
 * its instalments in order (derived, never stored), so a void restores an instalment by itself. Pure functions,
 * used by the screens to preview and by the server to decide.
 */
import * as v from 'valibot';
import type { Paged } from '../common';
import { MAX_MONEY } from '../money';
import { formatRupiah } from '../rupiah';
import { isCalendarDate, requiredId } from './validators';

/** At most this many instalments in a plan. */
export const INSTALMENT_SHARES_MAX = 24;

export const INSTALMENT_MESSAGES = {
  nameRequired: 'Nama rencana tidak boleh kosong',
  nameTooLong: 'Nama rencana maksimal 100 karakter',
  sharesRequired: 'Rencana harus memiliki minimal 2 cicilan',
  sharesTooMany: `Rencana maksimal ${INSTALMENT_SHARES_MAX} cicilan`,
  shareKind: 'Setiap cicilan diisi persen atau jumlah (Rp), tidak keduanya',
  oneKind: 'Semua cicilan memakai persen, atau semua memakai jumlah (Rp)',
  percentInvalid: 'Persen harus bilangan bulat 1 sampai 100',
  amountInvalid: 'Jumlah cicilan harus bilangan bulat lebih dari 0',
  percentSum: 'Jumlah persen semua cicilan harus 100',
  dueDateInvalid: 'Tanggal jatuh tempo tidak valid',
  dueDatesOrder: 'Tanggal jatuh tempo harus berurutan, tiap cicilan setelah cicilan sebelumnya',
  planRequired: 'Rencana cicilan wajib dipilih',
  planInactive: 'Rencana cicilan sudah dinonaktifkan',
  componentRequired: 'Komponen yang dicicil wajib dipilih',
  componentOutside: 'Komponen yang dicicil bukan komponen kelas dan bulan ini',
  itemPaidOff: 'Komponen sudah lunas sehingga tidak dapat dicicil',
  amountsMismatch: (plan: number, owed: number) =>
    `Jumlah rencana (${formatRupiah(plan)}) tidak sama dengan sisa tagihan komponen (${formatRupiah(owed)})`,
  dueBeforeBill: 'Tanggal jatuh tempo cicilan tidak boleh sebelum tanggal billing',
  itemHasInstalments: 'Komponen ini dicicil; batalkan cicilannya dulu sebelum mengubah atau menghapusnya',
  noInstalments: 'Komponen ini tidak dicicil',
  saved: 'Rencana cicilan berhasil disimpan',
  deactivated: 'Rencana cicilan dinonaktifkan',
  activated: 'Rencana cicilan diaktifkan kembali',
  applied: 'Cicilan berhasil diatur',
  cancelled: 'Cicilan dibatalkan; komponen kembali dibayar sekaligus',
} as const;

/** One share of a plan: a percent of what is owed, or a fixed amount; and when it falls due. */
export interface InstalmentShare {
  percent: number | null;
  amount: number | null;
  due_date: string;
}

/** A plan's shares, checked: one kind (all percent, summing to 100, or all amounts), due dates in order. */
export function sharesProblem(shares: readonly InstalmentShare[]): string | undefined {
  if (shares.length < 2) return INSTALMENT_MESSAGES.sharesRequired;
  if (shares.length > INSTALMENT_SHARES_MAX) return INSTALMENT_MESSAGES.sharesTooMany;
  if (shares.some((s) => (s.percent === null) === (s.amount === null))) return INSTALMENT_MESSAGES.shareKind;
  const percents = shares.filter((s) => s.percent !== null).length;
  if (percents !== 0 && percents !== shares.length) return INSTALMENT_MESSAGES.oneKind;
  if (percents > 0 && shares.reduce((sum, s) => sum + (s.percent ?? 0), 0) !== 100)
    return INSTALMENT_MESSAGES.percentSum;
  if (shares.some((s, i) => i > 0 && s.due_date <= (shares[i - 1] as InstalmentShare).due_date))
    return INSTALMENT_MESSAGES.dueDatesOrder;
  return undefined;
}

const ShareSchema = v.object({
  percent: v.optional(
    v.nullable(
      v.pipe(
        v.number(INSTALMENT_MESSAGES.percentInvalid),
        v.integer(INSTALMENT_MESSAGES.percentInvalid),
        v.minValue(1, INSTALMENT_MESSAGES.percentInvalid),
        v.maxValue(100, INSTALMENT_MESSAGES.percentInvalid),
      ),
    ),
    null,
  ),
  amount: v.optional(
    v.nullable(
      v.pipe(
        v.number(INSTALMENT_MESSAGES.amountInvalid),
        v.integer(INSTALMENT_MESSAGES.amountInvalid),
        v.minValue(1, INSTALMENT_MESSAGES.amountInvalid),
        v.maxValue(MAX_MONEY, INSTALMENT_MESSAGES.amountInvalid),
      ),
    ),
    null,
  ),
  due_date: v.pipe(
    v.string(INSTALMENT_MESSAGES.dueDateInvalid),
    v.check(isCalendarDate, INSTALMENT_MESSAGES.dueDateInvalid),
  ),
});

/** `POST /api/instalment-plans` and `PUT /api/instalment-plans/:id`: a plan's name and shares. */
export const InstalmentPlanSaveSchema = v.object({
  name: v.pipe(
    v.string(INSTALMENT_MESSAGES.nameRequired),
    v.trim(),
    v.nonEmpty(INSTALMENT_MESSAGES.nameRequired),
    v.maxLength(100, INSTALMENT_MESSAGES.nameTooLong),
  ),
  shares: v.pipe(
    v.array(ShareSchema, INSTALMENT_MESSAGES.sharesRequired),
    v.check(
      (shares) => sharesProblem(shares) === undefined,
      (issue) => sharesProblem(issue.input) ?? '',
    ),
  ),
});
export type InstalmentPlanSaveRequest = v.InferInput<typeof InstalmentPlanSaveSchema>;
export type InstalmentPlanSave = v.InferOutput<typeof InstalmentPlanSaveSchema>;

/** `POST /api/instalment-plans/:id/active`: deactivate (false) or reactivate (true) a plan. */
export const InstalmentPlanActiveSchema = v.object({ active: v.boolean('Status tidak valid') });

/** A plan as listed (Rencana Cicilan). */
export interface InstalmentPlanRow {
  id: number;
  name: string;
  shares: InstalmentShare[];
  active: boolean;
  /** Items it was applied to (standing instalments): a used plan is only deactivated, never deleted. */
  used_items: number;
  created_at: string;
}

export type InstalmentPlanPage = Paged<InstalmentPlanRow>;

export interface InstalmentPlanWriteResponse {
  message: string;
  plan: InstalmentPlanRow;
}

/** Whole rupiah of `total` by percent shares: each rounded down, the last takes the remainder. */
export function splitByPercent(total: number, percents: readonly number[]): number[] {
  const amounts = percents.map((p) => Math.floor((total * p) / 100));
  const rest = total - amounts.slice(0, -1).reduce((sum, a) => sum + a, 0);
  amounts[amounts.length - 1] = rest;
  return amounts;
}

/** The amounts of a plan's shares on `owed` (fixed amounts as they are; the caller checks their sum). */
export function shareAmounts(shares: readonly InstalmentShare[], owed: number): number[] {
  if (shares.every((s) => s.percent !== null)) {
    return splitByPercent(
      owed,
      shares.map((s) => s.percent as number),
    );
  }
  return shares.map((s) => s.amount ?? 0);
}

/** An instalment as kept: its order on the item, amount and due date. */
export interface Instalment {
  seq: number;
  amount: number;
  due_date: string;
}

/** An instalment with what the item's payments put on it. */
export interface AllocatedInstalment extends Instalment {
  paid: number;
  owing: number;
}

/**
 * What `paid` (the item's standing payments) puts on each instalment: the earliest (by seq) filled first; what
 * is left over (never, while the item's payments stay within its total) is not shown.
 */
export function allocateInstalments(instalments: readonly Instalment[], paid: number): AllocatedInstalment[] {
  let left = Math.max(0, paid);
  return [...instalments]
    .sort((a, b) => a.seq - b.seq)
    .map((instalment) => {
      const onThis = Math.min(left, instalment.amount);
      left -= onThis;
      return { ...instalment, paid: onThis, owing: instalment.amount - onThis };
    });
}

/**
 * The due date the item keeps (its bill's Jatuh Tempo follows it): the earliest instalment still owing; when all
 * are paid, the first's (what it was due on). Undefined for no instalments.
 */
export function instalmentsDueDate(instalments: readonly Instalment[], paid: number): string | undefined {
  const allocated = allocateInstalments(instalments, paid);
  const owing = allocated.filter((i) => i.owing > 0).map((i) => i.due_date);
  const all = owing.length > 0 ? owing : allocated.map((i) => i.due_date);
  return [...all].sort()[0];
}

/** What the item is: what it costs after discount and bail (the sum of its instalments), and what was paid. */
export interface InstalmentItem {
  /** total_amount - total_discount - total_bail */
  net: number;
  paid: number;
  /** The item's due date (its one date when it has no instalments). */
  due_date: string;
}

/**
 * A plan applied to an item (first time or a change), as a pure step: the item's current instalments (none: the
 * whole item is one, due on its date) allocated; those fully paid stay; one partly paid is closed at what was paid
 * (same date); the plan splits what is still owed into new instalments after them. Answers the instalments kept
 * (by seq), those replaced, and the new ones; the sum of kept, closed and new is the item's net.
 */
export function replanInstalments(
  item: InstalmentItem,
  current: readonly Instalment[],
  shares: readonly InstalmentShare[],
): { kept: Instalment[]; replaced: Instalment[]; added: Instalment[]; owed: number; planTotal: number } {
  const base = current.length > 0 ? current : [{ seq: 0, amount: item.net, due_date: item.due_date }];
  const allocated = allocateInstalments(base, item.paid);
  const kept = current.length > 0 ? allocated.filter((i) => i.owing === 0).map(strip) : [];
  const replaced = current.length > 0 ? allocated.filter((i) => i.owing > 0).map(strip) : [];
  const partial = allocated.find((i) => i.owing > 0 && i.paid > 0);
  let seq = kept.reduce((max, i) => Math.max(max, i.seq), 0);
  const added: Instalment[] = [];
  if (partial) added.push({ seq: ++seq, amount: partial.paid, due_date: partial.due_date });
  const owed = Math.max(0, item.net - item.paid);
  const amounts = shareAmounts(shares, owed);
  shares.forEach((share, i) => {
    // A share that rounds to nothing (a few rupiah left to split) is no instalment.
    const amount = amounts[i] ?? 0;
    if (amount > 0) added.push({ seq: ++seq, amount, due_date: share.due_date });
  });
  return { kept, replaced, added, owed, planTotal: amounts.reduce((sum, a) => sum + a, 0) };
}

const strip = ({ seq, amount, due_date }: AllocatedInstalment): Instalment => ({ seq, amount, due_date });

/** An instalment on the bill detail: allocated, with whether it is late on the branch's today. */
export interface InstalmentRow extends AllocatedInstalment {
  id: number;
  /** Days past its due date while owing (0 otherwise): Terlambat. */
  overdue_days: number;
}

/** The instalments of one item on the bill detail (the item's id, its component's name). */
export interface ItemInstalments {
  item_id: number;
  label: string;
  plan_name: string | null;
  instalments: InstalmentRow[];
}

/** `POST /api/student-billing-item/:id/instalments`: apply a plan (dry_run: only say what would change). */
export const InstalmentApplySchema = v.object({
  plan_id: requiredId(INSTALMENT_MESSAGES.planRequired),
  dry_run: v.optional(v.boolean(), false),
  reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255))), null),
});
export type InstalmentApplyRequest = v.InferInput<typeof InstalmentApplySchema>;

/** What applying a plan does (or would do): instalments kept, replaced and added. */
export interface InstalmentApplyResponse {
  message: string;
  dry_run: boolean;
  kept: Instalment[];
  replaced: Instalment[];
  added: Instalment[];
}

/** `DELETE /api/student-billing-item/:id/instalments`: back to one payment, with why. */
export const InstalmentCancelSchema = v.object({
  reason: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255))), null),
});

/** The optional plan of a charge: one component of the class-month split by one plan for every student. */
export const ChargeInstalmentSchema = v.object({
  plan_id: requiredId(INSTALMENT_MESSAGES.planRequired),
  student_fee_component_id: requiredId(INSTALMENT_MESSAGES.componentRequired),
});
export type ChargeInstalment = v.InferOutput<typeof ChargeInstalmentSchema>;

/**
 * What is still owing on the instalments due on or before `date` ('YYYY-MM-DD'): what the payment form proposes
 * for a split item (the cashier may change it; the server checks the line as any other).
 */
export function owingBy(instalments: readonly AllocatedInstalment[], date: string): number {
  return instalments.filter((i) => i.due_date <= date).reduce((sum, i) => sum + i.owing, 0);
}

/** An instalment by its place among the item's: 'Cicilan 2 dari 3'; a run of them: 'Cicilan 1-2 dari 3'. */
export function instalmentsName(first: number, last: number, count: number): string {
  return `Cicilan ${first === last ? first : `${first}-${last}`} dari ${count}`;
}

/** The instalments one payment line paid on, by place (1 is the item's first) among the item's `count`. */
export interface PaidInstalments {
  first: number;
  last: number;
  count: number;
}

/**
 * Which instalments a payment of `paidNow` on a split item paid, the item's standing payments before it having
 * paid `paidBefore`: those whose share grows from the one allocation (`allocateInstalments`) to the other, the
 * earliest first. Null when it paid nothing on them.
 */
export function instalmentsPaid(
  instalments: readonly Instalment[],
  paidBefore: number,
  paidNow: number,
): PaidInstalments | null {
  const before = allocateInstalments(instalments, paidBefore);
  const after = allocateInstalments(instalments, paidBefore + paidNow);
  const places = after.flatMap((i, n) => (i.paid > (before[n]?.paid ?? 0) ? [n + 1] : []));
  const [first] = places;
  const last = places.at(-1);
  return first === undefined || last === undefined ? null : { first, last, count: instalments.length };
}

/** The screens' words. */
export const INSTALMENT_LABELS = {
  menu: 'Rencana Cicilan',
  seq: 'Cicilan ke-',
  dueDate: 'Jatuh Tempo',
  amount: 'Jumlah',
  paid: 'Dibayar',
  owing: 'Sisa',
  paidOff: 'Lunas',
  overdue: 'Terlambat',
  notDue: 'Belum Jatuh Tempo',
  apply: 'Atur Cicilan',
  dueOn: 'jatuh tempo',
  fillDue: 'Isi yang jatuh tempo',
  loading: 'Memuat cicilan…',
  unavailable: 'Cicilan tidak dapat dimuat; jumlah tiap komponen tetap dapat diisi.',
  loadFailed: 'Cicilan tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.',
} as const;

/** `GET /api/student-billing/:id/instalments`: the bill's items that are split, each with its instalments. */
export interface BillInstalmentsResponse {
  data: ItemInstalments[];
}
