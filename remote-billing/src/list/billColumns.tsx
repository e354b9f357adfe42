import { DUE_LABELS, formatDate, formatNumber, StatusTag, type StudentBilling } from '@keuangan/shared';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { FormStatusTag, PaymentStatusTag } from '../detail/statusTags';
import { moneyColumn } from './moneyColumn';

/** A date in a narrow cell, as the date fields write it. */
export const SHORT_DATE = 'DD-MM-YYYY';

/** A cell's second line: smaller, as the list's other second lines. */
const SECOND_LINE = { fontSize: 12, lineHeight: 1.25, whiteSpace: 'nowrap' } as const;

/** "Terlambat N hari" when the bill is past its due date and still owed (the server counts the days). */
export function OverdueTag({ days }: { days: number }) {
  return days > 0 ? <StatusTag color="orange">{DUE_LABELS.overdueDays(days)}</StatusTag> : null;
}

/**
 * The five totals, Jatuh Tempo and the two statuses of a bill row: the billing list and the embedded view show
 * them alike. Jatuh Tempo is Sisa Tagihan's second line and a late bill's status reads "Terlambat" (the days in
 * its title) in place of Belum Lunas (a late bill is unpaid by definition): no column more, so the list still
 * fits a laptop (docs/decisions.md#the-billing-list-fits-a-laptop).
 */
export function billTotalsAndStatusColumns(): TableColumnsType<StudentBilling> {
  return [
    moneyColumn<StudentBilling>('Total Biaya', 'total_amount'),
    moneyColumn<StudentBilling>('Diskon', 'total_discount'),
    moneyColumn<StudentBilling>('Ditanggung', 'total_bail'),
    moneyColumn<StudentBilling>('Pembayaran', 'total_payment'),
    {
      key: 'total_billing',
      title: (
        <Flex vertical>
          <span>Sisa Tagihan</span>{' '}
          <Typography.Text type="secondary" style={SECOND_LINE}>
            {DUE_LABELS.dueDate}
          </Typography.Text>
        </Flex>
      ),
      align: 'right',
      render: (_v, bill) => (
        <Flex vertical>
          <span>{formatNumber(bill.total_billing)}</span>
          <Typography.Text type="secondary" style={SECOND_LINE} title={DUE_LABELS.dueDate}>
            {formatDate(bill.due_date, SHORT_DATE)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_v, bill) => (
        <Flex vertical gap={4} align="flex-start">
          {bill.overdue_days > 0 ? (
            // The days in its title: "Terlambat N hari" would widen the column past a laptop's width.
            <span title={DUE_LABELS.overdueDays(bill.overdue_days)}>
              <StatusTag color="orange">{DUE_LABELS.overdue}</StatusTag>
            </span>
          ) : (
            <PaymentStatusTag status={bill.payment_status} />
          )}
          <FormStatusTag status={bill.form_status} />
        </Flex>
      ),
    },
  ];
}
