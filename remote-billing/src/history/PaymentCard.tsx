import {
  type BillPaymentBase,
  formatDate,
  formatDateTimeIn,
  formatIDR,
  paymentTypeLabel,
  rupiahInWords,
  type StudentBillingPayment,
} from '@keuangan/shared';
import { Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { notePath, receiptPath } from '../constants';
import { useEmbed } from '../embed/context';
import { useBranchZone } from '../today';
import { PaymentDocumentLinks } from './PaymentDocumentLinks';

/**
 * One payment: its number, date, type, payer, staff, what it paid on each component, the amount given and the
 * change, and the links to its receipt and notes. A voided payment says so, with who voided it, when and
 * why (it no longer counts in any total, but its documents still open).
 */
export function PaymentCard({ payment }: { payment: StudentBillingPayment }) {
  const billId = payment.student_billing_id;
  // Embedded in another module's page: our receipt pages are not there; the PDFs open through one-use links.
  const embedded = useEmbed() !== null;
  return (
    <BillPaymentCard
      payment={payment}
      billNumber={payment.student_billing.bill_number}
      billMonth={formatDate(payment.student_billing.bill_date, 'MMMM YYYY')}
      lines={payment.student_billing_item_payments.map((line) => ({
        id: line.id,
        name: line.student_fee_component.name,
        amount: line.amount,
      }))}
      links={
        embedded ? (
          <PaymentDocumentLinks paymentId={payment.id} paymentNumber={payment.payment_number} />
        ) : (
          <Flex gap={12} wrap>
            <Link to={receiptPath(billId, payment.id)} aria-label={`Kuitansi ${payment.payment_number}`}>
              Kuitansi
            </Link>
            <Link to={notePath(billId, payment.id, 1)} aria-label={`Nota 1 ${payment.payment_number}`}>
              Nota 1
            </Link>
            <Link to={notePath(billId, payment.id, 2)} aria-label={`Nota 2 ${payment.payment_number}`}>
              Nota 2
            </Link>
          </Flex>
        )
      }
    />
  );
}

/** One paid line of a payment card: the component (or prospect fee) and what was paid on it. */
export interface PaidLine {
  id: number;
  name: string;
  amount: number;
}

/** A payment of any kind of bill, with its bill's number and month, its paid lines and its documents' links. */
export function BillPaymentCard({
  payment,
  billNumber,
  billMonth,
  lines,
  links,
}: {
  payment: BillPaymentBase;
  billNumber: string;
  billMonth?: string;
  lines: PaidLine[];
  links: ReactNode;
}) {
  const title = `Pembayaran ${payment.payment_number}`;
  const zone = useBranchZone();
  return (
    <Card
      size="small"
      role="article"
      aria-label={title}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{payment.payment_number}</span>
          {billMonth ? <Typography.Text type="secondary">{billMonth}</Typography.Text> : null}
          {payment.is_void ? <Tag color="#cf1322">Dibatalkan (void)</Tag> : null}
        </Flex>
      }
      extra={links}
      style={{ marginBottom: 12, ...(payment.is_void ? { background: '#fafafa' } : {}) }}
    >
      {payment.is_void ? (
        <Typography.Paragraph type="danger" data-testid="void-info">
          Dibatalkan oleh {payment.voided_by?.name ?? '-'} pada{' '}
          {formatDateTimeIn(payment.voided_at, zone) || '-'}. Alasan: {payment.void_reason ?? '-'}. Pembayaran
          ini tidak dihitung dalam total.
        </Typography.Paragraph>
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'bill', label: 'No. Billing', children: billNumber },
          { key: 'date', label: 'Tanggal Bayar', children: formatDate(payment.payment_date) },
          { key: 'type', label: 'Tipe Pembayaran', children: paymentTypeLabel(payment.ptype) },
          { key: 'payer', label: 'Nama Pembayar', children: payment.payer_name ?? '-' },
          // Taken with a kasir token: its cashier took the money (created_by minted the token).
          {
            key: 'staff',
            label: 'Petugas',
            children: payment.cashier_name ?? payment.created_by?.name ?? '-',
          },
          ...(payment.note ? [{ key: 'note', label: 'Keterangan', children: payment.note }] : []),
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        aria-label={`Rincian ${title}`}
        dataSource={lines}
        columns={[
          { key: 'name', title: 'Komponen', dataIndex: 'name' },
          { key: 'amount', title: 'Dibayar', align: 'right', render: (_v, line) => formatIDR(line.amount) },
        ]}
        style={{ marginTop: 8 }}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginTop: 8 }}
        items={[
          { key: 'total', label: 'Total', children: <strong>{formatIDR(payment.amount)}</strong> },
          { key: 'given', label: 'Bayar', children: formatIDR(payment.total_amount_payment_paid) },
          { key: 'change', label: 'Kembali', children: formatIDR(payment.change) },
          { key: 'after', label: 'Sisa Tagihan', children: formatIDR(payment.total_billing_after) },
        ]}
      />
      <Typography.Text type="secondary" italic>
        Terbilang: {rupiahInWords(payment.amount)}
      </Typography.Text>
    </Card>
  );
}
