import {
  formatDate,
  formatRupiah,
  type STATUS_TAG_COLORS,
  type StatementLine,
  StatusTag,
  statementAmounts,
} from '@keuangan/shared';
import { Table, type TableColumnsType } from 'antd';

const amount = (value: number) => (value === 0 ? '' : formatRupiah(value));

// StatusTag's solid colours: antd's light green tag is 3.4:1, under AA (docs/screens.md#rekening-siswa).
const KIND_TAGS: Partial<
  Record<StatementLine['kind'], { color: keyof typeof STATUS_TAG_COLORS; text: string }>
> = {
  payment: { color: 'green', text: 'Pembayaran' },
  void: { color: 'red', text: 'Dibatalkan' },
  discount: { color: 'blue', text: 'Diskon' },
  bail: { color: 'blue', text: 'Ditanggung' },
};

/** A money column: wide enough for `Rp 10.000.000`, never wrapped. */
const money = (
  key: string,
  title: string,
  value: (line: StatementLine) => string,
): TableColumnsType<StatementLine>[number] => ({
  key,
  title,
  align: 'right',
  width: 136,
  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
  render: (_v, line) => value(line),
});

const columns: TableColumnsType<StatementLine> = [
  {
    key: 'date',
    title: 'Tanggal',
    render: (_v, line) => formatDate(line.date),
    width: 140,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
  },
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
          <StatusTag color={tag.color}>{tag.text}</StatusTag> {text}
        </>
      ) : (
        text
      );
    },
  },
  { key: 'reference', title: 'No. Dokumen', render: (_v, line) => line.reference ?? '' },
  money('debit', 'Tagihan', (line) => amount(statementAmounts(line).charge)),
  money('deduction', 'Potongan', (line) => amount(statementAmounts(line).deduction)),
  money('credit', 'Pembayaran', (line) => amount(statementAmounts(line).payment)),
  money('balance', 'Saldo', (line) => formatRupiah(line.balance)),
];

/**
 * The statement's lines in date order with the balance after each (the server's figures). The whole period on
 * one table: the running balance reads down it; a narrow screen scrolls it sideways rather than wrap amounts.
 */
export function StatementLines({ lines }: { lines: StatementLine[] }) {
  return (
    <Table<StatementLine>
      aria-label="Baris Rekening Siswa"
      size="small"
      columns={columns}
      dataSource={lines.map((line, index) => ({ ...line, key: index }))}
      pagination={false}
      scroll={{ x: 1100 }}
    />
  );
}
