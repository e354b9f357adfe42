import {
  formatMonth,
  type StudentBilling,
  type StudentBillingPaymentReceipt,
  useLoad,
} from '@keuangan/shared';
import { Card, Skeleton } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { receiptPath } from '../constants';
import { STUDENT_BILL, studentPayBody } from '../payment/billKinds';
import { PaymentForm } from '../payment/PaymentForm';
import { useManyBillsPayment } from './api';

/** Oldest first: the month, then the bill's number order. */
const byAge = (a: StudentBilling, b: StudentBilling) => a.mm.localeCompare(b.mm) || a.id - b.id;

/**
 * Form Pembayaran of the ticked bills of one student: THE payment form over every payable item of those bills,
 * oldest bill first, each item naming its month and bill; one payment (`POST /api/student-billing-pay`), one
 * number, one Kuitansi listing every bill, which opens after 'Pembayaran Berhasil'.
 */
export function StudentBillsPayment({
  bills,
  onSettled,
  focusGiven,
}: {
  bills: readonly StudentBilling[];
  /** After a payment or a refusal: the list of bills loads again. */
  onSettled: () => void;
  /** A new number: focus Jumlah Uang once the form shows (PaymentForm's `focusGiven`). */
  focusGiven?: number;
}) {
  const navigate = useNavigate();
  const { details: billDetails, pay } = useManyBillsPayment();
  const ids = [...bills].sort(byAge).map((bill) => bill.id);
  const idsKey = ids.join(',');
  const load = useCallback(
    (signal: AbortSignal) => billDetails(idsKey ? idsKey.split(',') : [], signal),
    [billDetails, idsKey],
  );
  const details = useLoad(load);
  if (details.state === 'loading') return <Skeleton active />;
  if (details.state === 'failed') return null; // the toast said why; ticking again loads again
  const ordered = details.value;
  const items = ordered.flatMap((bill) =>
    STUDENT_BILL.items(bill).map((item) => ({
      ...item,
      detail: `${formatMonth(bill.mm)} · ${bill.bill_number} · ${item.detail}`,
    })),
  );
  const [first] = ordered;
  if (!first) return null;
  return (
    <Card title="Form Pembayaran">
      <PaymentForm<StudentBillingPaymentReceipt>
        // A new form, and a new Idempotency-Key, whenever the bills or what is due on them change.
        key={items.map((i) => `${i.id}:${i.total_billing}`).join(',')}
        items={items}
        totalBilling={ordered.reduce((sum, bill) => sum + bill.total_billing, 0)}
        // The newest bill's date: a payment is never dated before any of its bills.
        billDate={
          ordered
            .map((bill) => bill.bill_date)
            .sort()
            .at(-1) ?? first.bill_date
        }
        defaultPayerName={STUDENT_BILL.payerName(first)}
        pay={(submission, key) =>
          pay({ student_billing_ids: ordered.map((bill) => bill.id), ...studentPayBody(submission) }, key)
        }
        onPaid={(payment) => {
          onSettled();
          navigate(receiptPath(payment.student_billing_id, payment.id));
        }}
        onFailed={onSettled}
        spreadShortMoney
        focusGiven={focusGiven}
      />
    </Card>
  );
}
