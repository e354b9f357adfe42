/**
 * The counter's keys in the payment form (docs/screens.md, "Keys at the counter"): F2, F4 and F8, which neither
 * Chromium, Firefox nor the common screen readers (NVDA, JAWS, Orca, VoiceOver) take without a modifier.
 */
export interface QuickAmount {
  /** `KeyboardEvent.key`, as shown on the button and in `aria-keyshortcuts`. */
  key: 'F2' | 'F4' | 'F8';
  label: string;
  /** The amount it puts in Jumlah Uang; null: exactly Total Bayar (Uang Pas). */
  amount: number | null;
}

export const QUICK_AMOUNTS: readonly QuickAmount[] = [
  { key: 'F2', label: 'Uang Pas', amount: null },
  { key: 'F4', label: 'Rp 50.000', amount: 50_000 },
  { key: 'F8', label: 'Rp 100.000', amount: 100_000 },
];

/** The quick amount a key stands for (no modifier held), or undefined when the key is not one of them. */
export function quickAmountOf(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): QuickAmount | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return undefined;
  return QUICK_AMOUNTS.find((quick) => quick.key === event.key);
}

/** What a quick amount puts in Jumlah Uang for a Total Bayar. */
export const quickAmountValue = (quick: QuickAmount, total: number): number => quick.amount ?? total;
