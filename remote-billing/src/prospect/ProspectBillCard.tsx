import { formatDate, formatIDR, type ProspectiveBillingDetail } from '@keuangan/shared';
import { Card, Descriptions } from 'antd';
import { PaymentStatusTag } from '../detail/statusTags';

/** The header of a prospect's bill: who and which event it is for, its totals and its status. */
export function ProspectBillCard({ bill }: { bill: ProspectiveBillingDetail }) {
  return (
    <Card title="Billing Detail Calon Siswa" style={{ marginBottom: 16 }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'number', label: 'No. Billing', children: bill.bill_number },
          { key: 'type', label: 'Tipe', children: bill.psb_event_stype.name },
          { key: 'department', label: 'Departemen', children: bill.department.name },
          { key: 'name', label: 'Nama Calon Siswa', children: bill.psb_event_prospective.name },
          { key: 'reg', label: 'No. Registrasi', children: bill.psb_event_prospective.reg_number },
          { key: 'yoe', label: 'Tahun Masuk', children: bill.psb_event_prospective.yoe },
          { key: 'event', label: 'Event', children: `${bill.psb_event.code} - ${bill.psb_event.name}` },
          { key: 'date', label: 'Tanggal Billing', children: formatDate(bill.bill_date) },
          { key: 'amount', label: 'Total Biaya', children: formatIDR(bill.total_amount) },
          { key: 'payment', label: 'Total Pembayaran', children: formatIDR(bill.total_payment) },
          {
            key: 'billing',
            label: 'Sisa Tagihan',
            children: <strong data-testid="bill-total-billing">{formatIDR(bill.total_billing)}</strong>,
          },
          { key: 'status', label: 'Status', children: <PaymentStatusTag status={bill.payment_status} /> },
        ]}
      />
    </Card>
  );
}
