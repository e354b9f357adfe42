import {
  apiErrorText,
  apiPost,
  ConfirmDialog,
  FORM_STATUS_CONFIRMED,
  FORM_STATUS_UNCONFIRMED,
  FTYPES,
  labelOf,
  notifyError,
  notifySuccess,
  PAYMENT_STATUS_PAID,
  PAYMENT_STATUS_UNPAID,
  PageHeader,
  PrintIcon,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
  type StudentBillingWriteResponse,
} from '@keuangan/shared';
import { Button, Card, Flex, Input, Result, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CENTERED, LIST_PATH, LIST_TITLE, notePath } from '../constants';
import { openAllBillsPdf, openBillPdf } from '../documents';
import { useEmbed } from '../embed/context';
import { PaymentCard } from '../history/PaymentCard';
import { PaymentForm, type PaymentSubmission } from '../payment/PaymentForm';
import { BillCard } from './BillCard';
import { BillItems } from './BillItems';
import { useBill } from './useBill';

const TITLE = 'Detail Billing Siswa';

/**
 * The bill detail (spec part 2 §2, /student-billing/show/{id}): the card with its buttons, Rincian Biaya,
 * the payment history and the payment form. What shows follows the bill's states (§4): items change while it
 * is unconfirmed; payments are taken while it is confirmed and not settled.
 */
export function BillDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const bill = useBill(id);
  const embed = useEmbed();
  return (
    <>
      <PageHeader title={TITLE} breadcrumb={[{ title: LIST_TITLE, path: LIST_PATH }, { title: TITLE }]} />
      {bill.state === 'loading' ? (
        <Card>
          <Skeleton active aria-busy="true" />
        </Card>
      ) : bill.state === 'failed' ? (
        <Result
          status="warning"
          title={bill.message}
          extra={[
            <Button key="retry" type="primary" onClick={bill.reload}>
              Coba lagi
            </Button>,
            <Button key="back" onClick={() => navigate(LIST_PATH)}>
              Kembali ke {LIST_TITLE}
            </Button>,
          ]}
        />
      ) : (
        <BillDetail
          bill={bill.bill}
          onChange={bill.setBill}
          reload={bill.reload}
          payable={embed?.allowPayment ?? true}
          onPaid={(payment) => {
            bill.reload();
            // Embedded in another module's page: that page hears of the payment; the notes live in our host.
            if (embed) {
              embed.emit({
                type: 'payment-made',
                paymentId: payment.id,
                billId: payment.student_billing_id,
                amount: payment.amount,
              });
              return;
            }
            // The printed note (Nota Siswa 1) of the new payment, answered by the receipts remote.
            navigate(notePath(payment.student_billing_id, payment.id, 1));
          }}
        />
      )}
    </>
  );
}

function BillDetail({
  bill,
  onChange,
  reload,
  onPaid,
  payable: paymentAllowed,
}: {
  payable: boolean;
  bill: StudentBillingDetail;
  onChange: (bill: StudentBillingDetail) => void;
  reload: () => void;
  onPaid: (payment: StudentBillingPaymentReceipt) => void;
}) {
  const [dialog, setDialog] = useState<'unconfirm' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const confirmed = bill.form_status === FORM_STATUS_CONFIRMED;
  const standing = bill.student_billing_payments.filter((p) => !p.is_void);

  const setFormStatus = async (value: 0 | 1) => {
    try {
      const answer = await apiPost<StudentBillingWriteResponse>(`/api/student-billing-xupdate/${bill.id}`, {
        field: 'form_status',
        value,
        ...(value === FORM_STATUS_UNCONFIRMED ? { void_reason: reason.trim() || null } : {}),
      });
      notifySuccess(answer.message, CENTERED);
      onChange(answer.data);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
      reload();
    }
  };

  const confirm = async () => {
    setConfirming(true);
    await setFormStatus(FORM_STATUS_CONFIRMED);
    setConfirming(false);
  };

  const actions = (
    <Flex gap={8} wrap>
      {/* Spec §4: the bill's PDF shows while it is confirmed and unpaid; Semua Tagihan while any bill is. */}
      {confirmed && bill.payment_status === PAYMENT_STATUS_UNPAID ? (
        <Button icon={<PrintIcon />} onClick={() => openBillPdf(bill.id, bill.bill_number)}>
          Billing Detail (PDF)
        </Button>
      ) : null}
      {bill.all_payment_status === 0 ? (
        <Button
          icon={<PrintIcon />}
          onClick={() => openAllBillsPdf(bill.student_id, bill.department_id, bill.student.nis)}
        >
          Semua Tagihan (PDF)
        </Button>
      ) : null}
      {confirmed ? (
        <Button danger onClick={() => setDialog('unconfirm')}>
          Batalkan Konfirmasi
        </Button>
      ) : (
        <Button type="primary" loading={confirming} onClick={confirm}>
          Konfirmasi Billing
        </Button>
      )}
    </Flex>
  );

  const payable = paymentAllowed && confirmed && bill.payment_status !== PAYMENT_STATUS_PAID;
  return (
    <>
      <BillCard bill={bill} actions={actions} />
      <BillItems bill={bill} onChange={onChange} onStale={reload} />
      {/* Spec: the history shows once confirmed; voided payments of an unconfirmed bill stay in view too. */}
      {confirmed || bill.student_billing_payments.length > 0 ? (
        <Card title="Riwayat Pembayaran" style={{ marginBottom: 16 }}>
          {bill.student_billing_payments.length === 0 ? (
            <Typography.Paragraph type="secondary">Belum ada pembayaran.</Typography.Paragraph>
          ) : (
            bill.student_billing_payments.map((payment) => <PaymentCard key={payment.id} payment={payment} />)
          )}
        </Card>
      ) : null}
      {payable ? (
        <Card title="Form Pembayaran">
          <PaymentForm<StudentBillingPaymentReceipt>
            // A new form, and a new Idempotency-Key, whenever what is due changes (a payment went through).
            key={bill.student_billing_items.map((i) => `${i.id}:${i.total_billing}`).join(',')}
            items={bill.student_billing_items.map((item) => ({
              id: item.id,
              name: item.student_fee_component.name,
              detail: `${item.fee_type.name} · ${labelOf(FTYPES, item.ftype === 1 ? 1 : 0)}`,
              total_billing: item.total_billing,
            }))}
            totalBilling={bill.total_billing}
            billDate={bill.bill_date}
            defaultPayerName={bill.student.name}
            pay={(submission, key) => payStudentBill(bill.id, submission, key)}
            onPaid={onPaid}
            onFailed={reload}
          />
        </Card>
      ) : null}
      <ConfirmDialog
        open={dialog === 'unconfirm'}
        mode="billing-unconfirm"
        message={
          <>
            <p>
              {standing.length > 0
                ? `${standing.length} pembayaran billing ini akan dibatalkan (void) dan dikeluarkan dari total. Data pembayaran dan kuitansinya tetap tersimpan, ditandai batal.`
                : 'Billing ini akan kembali belum dikonfirmasi sehingga rincian biaya dapat diubah.'}
            </p>
            {standing.length > 0 ? (
              <>
                <label htmlFor={reasonId}>Alasan pembatalan (opsional)</label>
                <Input
                  id={reasonId}
                  value={reason}
                  maxLength={500}
                  onChange={(event) => setReason(event.target.value)}
                />
              </>
            ) : null}
          </>
        }
        onConfirm={async () => {
          await setFormStatus(FORM_STATUS_UNCONFIRMED);
          setDialog(null);
          setReason('');
        }}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}

/** `POST /api/student-billing-pay/{id}` with the form's submission and its Idempotency-Key. */
function payStudentBill(billId: number, submission: PaymentSubmission, key: string) {
  return apiPost<StudentBillingPaymentReceipt>(
    `/api/student-billing-pay/${billId}`,
    {
      student_billing_items: submission.lines,
      total_amount_payment_paid: submission.total_amount_payment_paid,
      ptype: submission.ptype,
      note: submission.note,
      payer_name: submission.payer_name,
      payment_date: submission.payment_date,
    },
    { headers: { 'Idempotency-Key': key } },
  );
}
