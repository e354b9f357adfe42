import {
  apiErrorText,
  creditSourceLabel,
  formatDateTime,
  formatRupiah,
  notifyError,
  notifySuccess,
  PagedTable,
  ROUTES,
  type StudentBilling,
  type StudentCreditMovement,
  type StudentCreditPage,
  usePagedQuery,
} from '@keuangan/shared';
import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { receiptPath } from '../constants';
import { ConfirmDialogOnDemand, OnDemand } from '../OnDemand';
import { randomKey } from '../payment/idempotency';
import { spendCredit } from './api';

/** What "Gunakan Saldo Titipan" would pay: the balance, at most what the ticked bills still owe. */
export const creditToSpend = (balance: number, bills: readonly StudentBilling[]) =>
  Math.max(
    0,
    Math.min(
      balance,
      bills.reduce((sum, bill) => sum + bill.total_billing, 0),
    ),
  );

const columns: TableColumnsType<StudentCreditMovement> = [
  { key: 'date', title: 'Tanggal', render: (_v, m) => formatDateTime(m.created_at) },
  { key: 'source', title: 'Sumber', render: (_v, m) => creditSourceLabel(m.source) },
  { key: 'note', title: 'Keterangan', render: (_v, m) => m.note ?? '-' },
  {
    key: 'amount',
    title: 'Jumlah',
    align: 'right',
    render: (_v, m) => (m.amount > 0 ? `+${formatRupiah(m.amount)}` : `-${formatRupiah(-m.amount)}`),
  },
];

/**
 * Saldo Titipan on Tagihan Siswa (docs/screens.md "Tagihan Siswa"): the student's credit and its movements, hidden
 * while the student never had any; "Gunakan Saldo Titipan" pays the ticked bills from it after a confirmation.
 */
export function StudentCreditCard({
  studentId,
  ticked,
  payable,
  onSpent,
}: {
  studentId: number;
  /** The bills the page ticks: what the credit pays, oldest due first. */
  ticked: readonly StudentBilling[];
  /** Paying allowed here: staff on the full page, or a kasir token embedded (never a read view); the session is
   * never read, as the embedded view must not (docs/architecture.md). */
  payable: boolean;
  onSpent: () => void;
}) {
  const navigate = useNavigate();
  const query = usePagedQuery(ROUTES.billing.studentCredit(), { student_id: studentId }, { pageSize: 5 });
  const [asking, setAsking] = useState(false);
  // One key per opened confirmation: a retry of the same click replays the first payment.
  const [key, setKey] = useState(randomKey);
  const page = query.data as StudentCreditPage | null;
  if (!page || (page.balance === 0 && page.total === 0)) return null;
  const amount = creditToSpend(page.balance, ticked);
  return (
    <Card title="Saldo Titipan" style={{ marginBottom: 16 }} data-testid="student-credit">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text strong data-testid="student-credit-balance">
          Saldo: {formatRupiah(page.balance)}
        </Typography.Text>
        {payable && amount > 0 ? (
          <Button type="primary" onClick={() => setAsking(true)}>
            Gunakan Saldo Titipan
          </Button>
        ) : null}
      </Flex>
      <PagedTable<StudentCreditMovement>
        aria-label="Mutasi Saldo Titipan"
        columns={columns}
        rowKey="id"
        compact
        {...query.tableProps}
      />
      {payable ? (
        <OnDemand>
          <ConfirmDialogOnDemand
            open={asking}
            mode="credit-spend"
            name={formatRupiah(amount)}
            onCancel={() => setAsking(false)}
            onConfirm={async () => {
              try {
                const payment = await spendCredit(
                  { student_id: studentId, student_billing_ids: ticked.map((bill) => bill.id) },
                  key,
                );
                notifySuccess('Pembayaran Berhasil');
                setKey(randomKey());
                query.reload();
                onSpent();
                navigate(receiptPath(payment.student_billing_id, payment.id));
              } catch (error) {
                notifyError(apiErrorText(error), 'Error');
                setKey(randomKey());
                query.reload();
                onSpent();
              } finally {
                setAsking(false);
              }
            }}
          />
        </OnDemand>
      ) : null}
    </Card>
  );
}
