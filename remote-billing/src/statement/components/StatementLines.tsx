import { formatDate, formatRupiah, type StatementLine } from '@keuangan/shared';
import { Table, type TableColumnsType, Tag } from 'antd';

const amount = (value: number) => (value === 0 ? '' : formatRupiah(value));

const KIND_TAGS: Partial<Record<StatementLine['kind'], { color: string; text: string }>> = {
  payment: { color: 'green', text: 'Pembayaran' },
  void: { color: 'red', text: 'Dibatalkan' },
  discount: { color: 'blue', text: 'Diskon' },
  bail: { color: 'blue', text: 'Ditanggung' },
};

const columns: TableColumnsType<StatementLine> = [
  { key: 'date', title: 'Tanggal', render: (_v, line) => formatDate(line.date), width: 140 },
  {
    key: 'description',
    title: 'Keterangan',
    render: (_v, line) => {
      const tag = KIND_TAGS[line.kind];
      const text =
        line.kind === 'bill' || line.kind === 'opening' ? (
          <strong>{line.description}</strong>
        ) : (
          line.description
        );
      return tag ? (
        <>
          <Tag color={tag.color}>{tag.text}</Tag> {text}
        </>
      ) : (
        text
      );
    },
  },
  { key: 'reference', title: 'No. Dokumen', render: (_v, line) => line.reference ?? '' },
  { key: 'debit', title: 'Tagihan', align: 'right', render: (_v, line) => amount(line.debit) },
  { key: 'credit', title: 'Pembayaran', align: 'right', render: (_v, line) => amount(line.credit) },
  { key: 'balance', title: 'Saldo', align: 'right', render: (_v, line) => formatRupiah(line.balance) },
];

/**
 * The statement's lines in date order with the balance after each (the server's figures). The whole period on
 * one table: the running balance reads down it.
 */
export function StatementLines({ lines }: { lines: StatementLine[] }) {
  return (
    <Table<StatementLine>
      aria-label="Baris Rekening Siswa"
      size="small"
      columns={columns}
      dataSource={lines.map((line, index) => ({ ...line, key: index }))}
      pagination={false}
      scroll={{ x: 760 }}
    />
  );
}
