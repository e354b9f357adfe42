import { formatIDR, type StudentBillingResume, tableEmpty } from '@keuangan/shared';
import { Card, Table } from 'antd';

const TOTALS = [
  { key: 'sum_total_amount', title: 'Total Biaya' },
  { key: 'sum_total_discount', title: 'Total Diskon' },
  { key: 'sum_total_bail', title: 'Total Ditanggung' },
  { key: 'sum_total_payment', title: 'Total Pembayaran' },
  { key: 'sum_total_billing', title: 'Sisa Tagihan' },
] as const;

/**
 * The five totals of the billing list (docs/screens.md), as the server sums them over every bill the filter matches
 * (`with_resume`), not over the page shown.
 */
export function BillingResume({
  resume,
  loading,
}: {
  resume: StudentBillingResume | undefined;
  loading: boolean;
}) {
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Table<StudentBillingResume>
        aria-label="Ringkasan Billing"
        size="small"
        rowKey={() => 'resume'}
        pagination={false}
        loading={loading && !resume}
        dataSource={resume ? [resume] : []}
        locale={{ emptyText: tableEmpty() }}
        columns={[
          ...TOTALS.map(({ key, title }) => ({
            key,
            title,
            align: 'right' as const,
            render: (_v: unknown, row: StudentBillingResume) => (
              <span data-testid={key}>{formatIDR(row[key])}</span>
            ),
          })),
          {
            key: 'count',
            title: 'Jumlah Billing',
            align: 'right' as const,
            render: (_v: unknown, row: StudentBillingResume) =>
              `${row.count_bill} (${row.count_unconfirmed} belum dikonfirmasi)`,
          },
        ]}
      />
    </Card>
  );
}
