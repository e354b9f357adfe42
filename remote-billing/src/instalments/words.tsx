import { formatDate, INSTALMENT_LABELS, StatusTag } from '@keuangan/shared';

/** An instalment's due date as the screens write it: '10 Agt 2026'. */
export const instalmentDate = (date: string) => formatDate(date, 'D MMM YYYY');

/** Terlambat N hari, for an instalment past its date and still owing. */
export function OverdueTag({ days }: { days: number }) {
  return <StatusTag color="orange">{`${INSTALMENT_LABELS.overdue} ${days} hari`}</StatusTag>;
}
