import { FTYPES, formatIDR, labelOf, type ProspectiveBillingItem, tableEmpty } from '@keuangan/shared';
import { Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { moneyColumn } from '../list/moneyColumn';

/** Rincian Biaya of a prospect's bill: the event's fees it charges, Wajib or Sumbangan Sukarela, and their totals. */
export function ProspectBillItems({ items }: { items: ProspectiveBillingItem[] }) {
  const columns: TableColumnsType<ProspectiveBillingItem> = [
    { key: 'no', title: 'No.', render: (_v, _item, index) => index + 1, width: 56 },
    {
      key: 'fee',
      title: 'Komponen',
      render: (_v, item) => (
        <Flex vertical>
          <span>{item.psb_event_prospective_fee.psb_event_fee.name}</span>
          <Typography.Text type="secondary">
            {item.psb_event_prospective_fee.psb_event_fee.code} · {labelOf(FTYPES, item.ftype === 1 ? 1 : 0)}
          </Typography.Text>
        </Flex>
      ),
    },
    moneyColumn<ProspectiveBillingItem>('Biaya', 'price'),
    { key: 'qty', title: 'Qty.', align: 'right', dataIndex: 'qty' },
    moneyColumn<ProspectiveBillingItem>('Total Biaya', 'total_amount'),
    moneyColumn<ProspectiveBillingItem>('Pembayaran', 'total_payment'),
    moneyColumn<ProspectiveBillingItem>('Sisa Tagihan', 'total_billing'),
  ];
  const total = items.reduce((sum, item) => sum + item.total_billing, 0);
  return (
    <Card title="Rincian Biaya" style={{ marginBottom: 16 }}>
      <Table<ProspectiveBillingItem>
        aria-label="Rincian Biaya"
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tableEmpty('Belum ada rincian biaya.') }}
        dataSource={items}
        columns={columns}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6}>
              <strong>Sisa Tagihan</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              <strong>{formatIDR(total)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
