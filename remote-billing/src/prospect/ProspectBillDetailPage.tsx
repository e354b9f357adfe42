import {
  PAYMENT_STATUS_PAID,
  type PsbEventStype,
  prospectBillingStype,
  prospectBillPath,
  prospectReceiptPath,
} from '@keuangan/shared';
import { Link, Navigate, useParams } from 'react-router-dom';
import { BillFrame, PaymentHistory } from '../detail/BillFrame';
import { BillPaymentCard } from '../history/PaymentCard';
import { BillPaymentForm } from '../payment/BillPaymentForm';
import { PROSPECT_BILL } from '../payment/billKinds';
import { useProspectBill } from './api';
import { ProspectBillCard } from './ProspectBillCard';
import { ProspectBillItems } from './ProspectBillItems';
import { PROSPECT_AREAS } from './paths';

/**
 * A prospect's bill (docs/screens.md, /prospective-billing/show/{id}; a transfer prospect's under
 * /mutation-billing): the header, Rincian Biaya, the payment history, and while it is not paid the payment
 * form (the same as for students, of the prospect kind). A bill opened under the other type's path moves to
 * its own.
 */
export function ProspectBillDetailPage({ stype }: { stype: PsbEventStype }) {
  const { id } = useParams();
  const area = PROSPECT_AREAS[stype];
  const bill = useProspectBill(id);
  return (
    <BillFrame title={area.detailTitle} listTitle={area.title} listPath={area.path} bill={bill}>
      {(loaded) =>
        prospectBillingStype(loaded.psb_event_stype_id) !== stype ? (
          <Navigate
            to={prospectBillPath(loaded.id, prospectBillingStype(loaded.psb_event_stype_id))}
            replace
          />
        ) : (
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
                      to={prospectReceiptPath(loaded.id, payment.id, stype)}
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
        )
      }
    </BillFrame>
  );
}
