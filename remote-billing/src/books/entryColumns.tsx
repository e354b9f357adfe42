import { formatDate } from '@keuangan/shared';
import { Space, type TableColumnsType, Typography } from 'antd';

/** What Jurnal Umum's entries and Buku Besar's lines both show of their voucher. */
interface VoucherText {
  entry_date: string;
  voucher_number: string;
  description: string;
  source_label: string;
  reverses: string | null;
}

/** Tanggal, No. Voucher and Keterangan (with what wrote the entry, and the voucher it reverses). */
export function voucherColumns<T extends VoucherText>(): TableColumnsType<T> {
  return [
    { key: 'date', title: 'Tanggal', render: (_v, row) => formatDate(row.entry_date) },
    { key: 'voucher', title: 'No. Voucher', dataIndex: 'voucher_number' },
    {
      key: 'text',
      title: 'Keterangan',
      render: (_v, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.description}</span>
          <Typography.Text type="secondary">
            {row.source_label}
            {row.reverses ? ` (membalik ${row.reverses})` : ''}
          </Typography.Text>
        </Space>
      ),
    },
  ];
}
