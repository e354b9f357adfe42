import {
  formatIDR,
  INSTALMENT_LABELS,
  type ItemInstalments,
  instalmentsName,
  owingBy,
} from '@keuangan/shared';
import { Button, Flex, Typography } from 'antd';
import { instalmentDate, OverdueTag } from '../instalments/words';

const L = INSTALMENT_LABELS;

/**
 * Under a split item in the payment form (docs/screens.md#payment-form): its instalments still owing that are due
 * by today and the next one after them, each "Cicilan 2 dari 3 · Rp 375.000 · jatuh tempo 10 Agt 2026" (Terlambat
 * N hari when late), and a button that fills Bayar with what is due by today. Only a proposal: the cashier may
 * change the amount, the server checks the line as any other.
 */
export function ItemInstalmentsNote({
  split,
  itemName,
  due,
  today,
  onFill,
}: {
  split: ItemInstalments;
  itemName: string;
  /** What is still due on the item (the most Bayar takes). */
  due: number;
  today: string;
  onFill: (amount: number) => void;
}) {
  const count = split.instalments.length;
  const numbered = split.instalments.map((row, index) => ({ row, place: index + 1 }));
  const owing = numbered.filter(({ row }) => row.owing > 0);
  const dueNow = owing.filter(({ row }) => row.due_date <= today);
  const next = owing.find(({ row }) => row.due_date > today);
  const shown = next ? [...dueNow, next] : dueNow;
  const later = owing.length - shown.length;
  const fill = Math.min(owingBy(split.instalments, today), due);
  if (owing.length === 0) return null;
  return (
    <Flex vertical gap={2} style={{ marginTop: 4 }}>
      <ul
        aria-label={`Cicilan ${itemName} yang belum dibayar`}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {shown.map(({ row, place }) => (
          <li key={row.id}>
            <Typography.Text type="secondary">
              {`${instalmentsName(place, place, count)} · ${row.paid > 0 ? 'sisa ' : ''}${formatIDR(row.owing)} · ${L.dueOn} ${instalmentDate(row.due_date)}`}
            </Typography.Text>
            {row.overdue_days > 0 ? (
              <>
                {' '}
                <OverdueTag days={row.overdue_days} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {later > 0 ? (
        <Typography.Text type="secondary">{`+${later} cicilan berikutnya`}</Typography.Text>
      ) : null}
      {fill > 0 ? (
        <div>
          <Button
            size="small"
            onClick={() => onFill(fill)}
            aria-label={`${L.fillDue} untuk ${itemName}: ${formatIDR(fill)}, cicilan sampai hari ini`}
          >
            {`${L.fillDue} (${formatIDR(fill)})`}
          </Button>
        </div>
      ) : null}
    </Flex>
  );
}
