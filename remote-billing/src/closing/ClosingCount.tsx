import { CASH_DENOMINATIONS, type CashCount, denominationLabel, formatIDR } from '@keuangan/shared';
import { Descriptions, Typography } from 'antd';
import { differenceText } from './CloseForm';

/** A closed day's count as recorded: the pieces counted, expected against counted, the difference and why. */
export function ClosingCount({ count }: { count: CashCount }) {
  const counted = CASH_DENOMINATIONS.filter((d) => (count.counts[d.key] ?? 0) > 0);
  return (
    <Descriptions bordered size="small" column={1} title="Hitungan Uang Tunai">
      {counted.map((d) => (
        <Descriptions.Item key={d.key} label={denominationLabel(d)}>
          {count.counts[d.key]} {d.kind === 'note' ? 'lembar' : 'keping'} ={' '}
          {formatIDR(d.value * (count.counts[d.key] ?? 0))}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="Uang tunai seharusnya">{formatIDR(count.expected)}</Descriptions.Item>
      <Descriptions.Item label="Uang tunai dihitung">{formatIDR(count.counted)}</Descriptions.Item>
      <Descriptions.Item label="Selisih">
        <Typography.Text
          strong
          type={count.difference === 0 ? 'success' : 'danger'}
          data-testid="closing-difference"
        >
          {differenceText(count.difference)}
        </Typography.Text>
      </Descriptions.Item>
      {count.note ? <Descriptions.Item label="Keterangan selisih">{count.note}</Descriptions.Item> : null}
    </Descriptions>
  );
}
