import {
  apiErrorText,
  FORM_STATUS_CONFIRMED,
  FORM_STATUS_UNCONFIRMED,
  notifyError,
  notifySuccess,
  PAYMENT_STATUS_PAID,
  PAYMENT_STATUS_UNPAID,
  PrintIcon,
  type StudentBillingDetail,
  type StudentBillingPaymentReceipt,
} from '@keuangan/shared';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { CENTERED, LIST_PATH, LIST_TITLE } from '../constants';
import { useDocuments } from '../documents';
import { useEmbed } from '../embed/context';
import { PaymentCard } from '../history/PaymentCard';
import { InstalmentsCard } from '../instalments/InstalmentsCard';
import { useBillInstalments } from '../instalments/useBillInstalments';
import { ConfirmDialogOnDemand, OnDemand, onDemand } from '../OnDemand';
import { OnlineChargeButton } from '../online-payments/OnlineChargeButton';
import { STUDENT_BILL } from '../payment/billKinds';
import { useBillWrites, useStudentBill } from './api';
import { BillCard } from './BillCard';
import { BillFrame, PaymentHistory } from './BillFrame';
import { BillItems } from './BillItems';

const TITLE = 'Detail Billing Siswa';

// Fetched when shown: the form while the bill can be paid here, the dialog when it is opened (OnDemand).
const BillPaymentForm = onDemand(() =>
  import('../payment/BillPaymentForm').then((m) => ({
    default: m.BillPaymentForm<StudentBillingDetail, StudentBillingPaymentReceipt>,
  })),
);
// Staff only (a finance editor's route): never fetched in the embedded view, whose bundle it would grow.
const ReminderHistory = onDemand(() =>
  import('../reminders/ReminderHistory').then((m) => ({ default: m.ReminderHistory })),
);

/**
 * The bill detail (docs/screens.md, /student-billing/show/{id}): the card with its buttons, Rincian Biaya,
 * the payment history and the payment form. What shows follows the bill's states (docs/screens.md#bill-detail): items change while it
 * is unconfirmed; payments are taken while it is confirmed and not settled.
 */
export function BillDetailPage() {
  const { id } = useParams();
  const bill = useStudentBill(id);
  const embed = useEmbed();
  // Embedded in another module's page: nothing changes the bill but a payment, and that only when the page
  // allows it and the token may pay; the page hears of a payment instead of our printed note opening.
  const onPaid = embed
    ? (payment: StudentBillingPaymentReceipt) =>
        embed.emit({
          type: 'payment-made',
          paymentId: payment.id,
          billId: payment.student_billing_id,
          amount: payment.amount,
        })
    : undefined;
  return (
    <BillFrame title={TITLE} listTitle={LIST_TITLE} listPath={LIST_PATH} bill={bill}>
      {(loaded) => (
        <BillDetail
          bill={loaded}
          onChange={bill.setBill}
          reload={bill.reload}
          paymentAllowed={embed?.canPay ?? true}
          onlineAllowed={embed?.canPayOnline ?? true}
          changesAllowed={embed === null}
          onPaid={onPaid}
        />
      )}
    </BillFrame>
  );
}

function BillDetail({
  bill,
  onChange,
  reload,
  paymentAllowed,
  onlineAllowed,
  changesAllowed,
  onPaid,
}: {
  bill: StudentBillingDetail;
  onChange: (bill: StudentBillingDetail) => void;
  reload: () => void;
  paymentAllowed: boolean;
  /** Tagih Online (staff) or Bayar Online (the embedded view with a token that may pay). */
  onlineAllowed: boolean;
  /** Confirming and withdrawing (false in the embedded view). */
  changesAllowed: boolean;
  /** Instead of opening the note after a payment (the embedded view). */
  onPaid: ((payment: StudentBillingPaymentReceipt) => void) | undefined;
}) {
  const { setFormStatus: writeFormStatus } = useBillWrites();
  const { openAllBillsPdf, openBillPdf } = useDocuments();
  const [dialog, setDialog] = useState<'unconfirm' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmed = bill.form_status === FORM_STATUS_CONFIRMED;
  const standing = bill.student_billing_payments.filter((p) => !p.is_void);
  // Read once for the Cicilan card and the payment form, again whenever the bill is.
  const instalments = useBillInstalments(bill.id, bill);

  const setFormStatus = async (value: 0 | 1, reason = '') => {
    try {
      const answer = await writeFormStatus(
        bill.id,
        value,
        value === FORM_STATUS_UNCONFIRMED ? reason || null : undefined,
      );
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
      {/* docs/screens.md#bill-detail: the bill's PDF shows while it is confirmed and unpaid; Semua Tagihan while any bill is. */}
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
      {/* docs/online-payments.md#tagih-online (and #bayar-online): a confirmed bill still owing. */}
      {onlineAllowed && confirmed && bill.payment_status !== PAYMENT_STATUS_PAID ? (
        <OnlineChargeButton bills={[bill]} onPaid={reload} />
      ) : null}
      {!changesAllowed ? null : confirmed ? (
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
      {/* Cicilan: read-only in the embedded view (no plan applied or cancelled there). */}
      <InstalmentsCard bill={bill} instalments={instalments} reload={reload} readOnly={!changesAllowed} />
      {/* The history shows once confirmed (docs/screens.md#bill-detail); voided payments of an unconfirmed bill stay in view too. */}
      {confirmed || bill.student_billing_payments.length > 0 ? (
        <PaymentHistory count={bill.student_billing_payments.length}>
          {bill.student_billing_payments.map((payment) => (
            <PaymentCard key={payment.id} payment={payment} />
          ))}
        </PaymentHistory>
      ) : null}
      {changesAllowed ? (
        <OnDemand>
          <ReminderHistory studentId={bill.student_id} />
        </OnDemand>
      ) : null}
      {!paymentAllowed && !onlineAllowed && confirmed && bill.payment_status !== PAYMENT_STATUS_PAID ? (
        <Alert
          type="info"
          showIcon
          data-testid="payment-unavailable"
          message="Tagihan ini hanya dapat dilihat di sini; bayar di kasir sekolah."
        />
      ) : null}
      {payable ? (
        <OnDemand>
          <BillPaymentForm
            kind={STUDENT_BILL}
            bill={bill}
            reload={reload}
            onPaid={onPaid}
            instalments={instalments}
          />
        </OnDemand>
      ) : null}
      {changesAllowed ? (
        <OnDemand>
          <ConfirmDialogOnDemand
            open={dialog === 'unconfirm'}
            mode="billing-unconfirm"
            message={
              <p>
                {standing.length > 0
                  ? `${standing.length} pembayaran billing ini akan dibatalkan (void) dan dikeluarkan dari total. Data pembayaran dan kuitansinya tetap tersimpan, ditandai batal.`
                  : 'Billing ini akan kembali belum dikonfirmasi sehingga rincian biaya dapat diubah.'}
              </p>
            }
            reasonLabel={standing.length > 0 ? 'Alasan pembatalan (opsional)' : undefined}
            onConfirm={async (reason) => {
              await setFormStatus(FORM_STATUS_UNCONFIRMED, reason);
              setDialog(null);
            }}
            onCancel={() => setDialog(null)}
          />
        </OnDemand>
      ) : null}
    </>
  );
}
