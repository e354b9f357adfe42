/** The hand assignment's form rules (docs/bank-reconciliation.md "Assigning a line"): shares as typed, checked. */
import { BANK_MESSAGES, BankAllocateSchema, formatIDR, parseRupiah, rupiahText } from '@keuangan/shared';
import * as v from 'valibot';

/** At most this many students share one line (the contract's limit). */
export const SHARES_MAX = 10;

export type Share = { student_id: number; amount: number };

/** What a typed amount adds to the shares' sum: nothing until it is an amount. */
const typed = (text: string | undefined) => {
  const parsed = parseRupiah(text ?? '');
  return parsed.ok ? (parsed.value ?? 0) : 0;
};

/** The line's amount less the shares typed so far: shown live, negative when the shares are too much. */
export const sharesLeft = (total: number, shares: readonly ({ amount?: string } | undefined)[]) =>
  total - shares.reduce((sum, s) => sum + typed(s?.amount), 0);

/** The form for a line of `total` rupiah: a student and an amount per row, together exactly `total`, each student once. */
export function assignSchema(total: number) {
  return v.pipe(
    v.object({
      shares: v.array(
        v.object({
          student_id: v.pipe(
            v.nullable(v.number()),
            v.check((id) => id !== null, 'Pilih siswa'),
            v.transform((id) => id as number),
          ),
          amount: rupiahText('Nominal', v.pipe(v.number(), v.minValue(1, 'Nominal minimal Rp 1'))),
        }),
      ),
    }),
    v.forward(
      v.check(
        ({ shares }) => new Set(shares.map((s) => s.student_id)).size === shares.length,
        'Setiap siswa hanya sekali dalam satu mutasi',
      ),
      ['shares'],
    ),
    v.forward(
      v.check(
        ({ shares }) => shares.reduce((sum, s) => sum + s.amount, 0) === total,
        `${BANK_MESSAGES.allocationSum} (${formatIDR(total)})`,
      ),
      ['shares'],
    ),
    v.transform(({ shares }) => v.parse(BankAllocateSchema, { allocations: shares })),
  );
}

export type AssignValues = v.InferInput<ReturnType<typeof assignSchema>>;
