import type { StudentBilling } from '@keuangan/shared';
import { Flex, type TableColumnsType } from 'antd';
import { FormStatusTag, PaymentStatusTag } from '../detail/BillCard';
import { moneyColumn } from './moneyColumn';

/** The five totals and the two statuses of a bill row: the billing list and the embedded view show them alike. */
export function billTotalsAndStatusColumns(): TableColumnsType<StudentBilling> {
  return [
    moneyColumn<StudentBilling>('Total Biaya', 'total_amount'),
    moneyColumn<StudentBilling>('Diskon', 'total_discount'),
    moneyColumn<StudentBilling>('Ditanggung', 'total_bail'),
    moneyColumn<StudentBilling>('Pembayaran', 'total_payment'),
    moneyColumn<StudentBilling>('Sisa Tagihan', 'total_billing'),
    {
      key: 'status',
      title: 'Status',
      render: (_v, bill) => (
        <Flex vertical gap={4} align="flex-start">
          <PaymentStatusTag status={bill.payment_status} />
          <FormStatusTag status={bill.form_status} />
        </Flex>
      ),
    },
  ];
}
