import { formatRupiah, type StatementTotals as Totals } from '@keuangan/shared';
import { Descriptions } from 'antd';

/** The period's totals; Sisa Tagihan is the last line's balance (docs/money.md#the-students-statement). */
export function StatementTotals({ totals }: { totals: Totals }) {
  return (
    <Descriptions
      aria-label="Total Rekening Siswa"
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'opening', label: 'Saldo Awal', children: formatRupiah(totals.opening) },
        { key: 'charged', label: 'Total Tagihan', children: formatRupiah(totals.charged) },
        { key: 'deducted', label: 'Diskon/Ditanggung', children: formatRupiah(totals.deducted) },
        { key: 'paid', label: 'Total Pembayaran', children: formatRupiah(totals.paid) },
        { key: 'voided', label: 'Pembayaran Dibatalkan', children: formatRupiah(totals.voided) },
        { key: 'owed', label: 'Sisa Tagihan', children: <strong>{formatRupiah(totals.owed)}</strong> },
        // The student's credit, apart from what is owed (docs/money.md "Saldo Titipan"): only when there is some.
        ...(totals.credit
          ? [{ key: 'credit', label: 'Saldo Titipan', children: formatRupiah(totals.credit) }]
          : []),
      ]}
    />
  );
}
