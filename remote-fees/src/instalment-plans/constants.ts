import { formatDate, formatRupiah, INSTALMENT_LABELS, type InstalmentShare } from '@keuangan/shared';

export const PLAN_LIST_TITLE = INSTALMENT_LABELS.menu;
export const PLAN_LIST_PATH = '/rencana-cicilan';

/** A plan's shares in one line: '40% 10 Jul 2026 · 30% 10 Agt 2026', or with amounts. */
export const sharesSummary = (shares: InstalmentShare[]): string =>
  shares
    .map(
      (s) =>
        `${s.percent !== null ? `${s.percent}%` : formatRupiah(s.amount ?? 0)} ${formatDate(s.due_date, 'D MMM YYYY')}`,
    )
    .join(' · ');
