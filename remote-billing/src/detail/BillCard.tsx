import {
  BILL_TYPE_MAIN,
  DUE_LABELS,
  FORM_STATUS_CONFIRMED,
  FORM_STATUSES,
  formatDate,
  formatIDR,
  formatMonth,
  labelOf,
  StatusTag,
  type StudentBillingDetail,
} from '@keuangan/shared';
import { Card, Descriptions, Flex } from 'antd';
import type { ReactNode } from 'react';
import { FormStatusTag, PaymentStatusTag } from './statusTags';

/**
 * Billing Detail Siswa (docs/screens.md): who and when the bill is for, the five totals, Status and Tipe Billing, with
 * the bill's buttons (`actions`).
 */
export function BillCard({ bill, actions }: { bill: StudentBillingDetail; actions: ReactNode }) {
  return (
    <Card title="Billing Detail Siswa" extra={actions} style={{ marginBottom: 16 }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'number', label: 'No. Billing', children: bill.bill_number },
          { key: 'department', label: 'Departemen', children: bill.department.name },
          { key: 'student', label: 'Nama Siswa', children: bill.student.name },
          { key: 'nis', label: 'NIS', children: bill.student.nis },
          { key: 'class', label: 'Kelas', children: bill.class.name },
          { key: 'year', label: 'Tahun Ajaran', children: bill.year_of_study.name },
          { key: 'period', label: 'Periode KBM', children: bill.yos_periode.periode.name },
          { key: 'month', label: 'Bulan', children: formatMonth(bill.mm) },
          { key: 'date', label: 'Tanggal Billing', children: formatDate(bill.bill_date) },
          {
            key: 'due',
            label: DUE_LABELS.dueDate,
            children: (
              <Flex gap={8} wrap align="center">
                <span data-testid="bill-due-date">{formatDate(bill.due_date)}</span>
                {bill.overdue_days > 0 ? (
                  <StatusTag color="orange">{DUE_LABELS.overdueDays(bill.overdue_days)}</StatusTag>
                ) : null}
              </Flex>
            ),
          },
          { key: 'amount', label: 'Total Biaya', children: formatIDR(bill.total_amount) },
          { key: 'discount', label: 'Total Diskon', children: formatIDR(bill.total_discount) },
          { key: 'bail', label: 'Total Ditanggung', children: formatIDR(bill.total_bail) },
          { key: 'payment', label: 'Total Pembayaran', children: formatIDR(bill.total_payment) },
          {
            key: 'billing',
            label: 'Sisa Tagihan',
            children: <strong data-testid="bill-total-billing">{formatIDR(bill.total_billing)}</strong>,
          },
          { key: 'status', label: 'Status', children: <PaymentStatusTag status={bill.payment_status} /> },
          {
            key: 'form',
            label: 'Konfirmasi',
            children: <FormStatusTag status={bill.form_status} />,
          },
          {
            key: 'type',
            label: 'Tipe Billing',
            children: bill.type === BILL_TYPE_MAIN ? 'Utama' : 'Extra',
          },
        ]}
      />
      {bill.form_status !== FORM_STATUS_CONFIRMED ? (
        <p style={{ marginTop: 12, marginBottom: 0 }}>
          {labelOf(FORM_STATUSES, bill.form_status)}: rincian biaya masih dapat diubah; pembayaran dapat
          dicatat setelah billing dikonfirmasi.
        </p>
      ) : null}
    </Card>
  );
}
