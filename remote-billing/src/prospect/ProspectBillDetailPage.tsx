import { PAYMENT_STATUS_PAID, type ProspectiveBillingDetail } from '@keuangan/shared';
import { Link, useParams } from 'react-router-dom';
import { BillFrame, PaymentHistory } from '../detail/BillFrame';
import { useBill } from '../detail/useBill';
import { BillPaymentCard } from '../history/PaymentCard';
import { BillPaymentForm } from '../payment/BillPaymentForm';
import { PROSPECT_BILL } from '../payment/billKinds';
import { ProspectBillCard } from './ProspectBillCard';
import { ProspectBillItems } from './ProspectBillItems';
import { PROSPECT_LIST_PATH, PROSPECT_LIST_TITLE, prospectReceiptPath } from './paths';

const TITLE = 'Detail Billing Peserta PSB';

/**
 * A prospect's bill (spec part 2 §2, /prospective-billing/show/{id}): the header, Rincian Biaya, the payment
 * history, and while it is not paid the payment form (the same as for students, of the prospect kind).
 */
export function ProspectBillDetailPage() {
  const { id } = useParams();
  const bill = useBill<ProspectiveBillingDetail>(`/api/prospective-billing/${id}`);
  return (
    <BillFrame title={TITLE} listTitle={PROSPECT_LIST_TITLE} listPath={PROSPECT_LIST_PATH} bill={bill}>
      {(loaded) => (
        <>
          <ProspectBillCard bill={loaded} />
          <ProspectBillItems items={loaded.prospective_billing_items} />
          <PaymentHistory count={loaded.prospective_billing_payments.length}>
            {loaded.prospective_billing_payments.map((payment) => (
              <BillPaymentCard
                key={payment.id}
                payment={payment}
                billNumber={payment.prospective_billing.bill_number}
                lines={payment.prospective_billing_item_payments.map((line) => ({
                  id: line.id,
                  name: line.psb_event_fee.name,
                  amount: line.amount,
                }))}
                links={
                  <Link
                    to={prospectReceiptPath(loaded.id, payment.id)}
                    aria-label={`Kuitansi ${payment.payment_number}`}
                  >
                    Kuitansi
                  </Link>
                }
              />
            ))}
          </PaymentHistory>
          {loaded.payment_status !== PAYMENT_STATUS_PAID ? (
            <BillPaymentForm kind={PROSPECT_BILL} bill={loaded} reload={bill.reload} />
          ) : null}
        </>
      )}
    </BillFrame>
  );
}
