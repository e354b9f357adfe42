import { useApi } from '@keuangan/shared';
import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useEmbed } from '../embed/context';
import { type InstalmentsView, useBillInstalments } from '../instalments/useBillInstalments';
import type { BillKind } from './billKinds';
import { PaymentForm } from './PaymentForm';

/**
 * Form Pembayaran of a bill of any kind: THE payment form given the kind's items, payer and pay call. After
 * 'Pembayaran Berhasil' the bill reloads and the kind's document of the new payment opens; after a refusal
 * the bill reloads (docs/validation.md).
 */
export function BillPaymentForm<
  TBill extends { id: number; total_billing: number; bill_date: string },
  TPayment extends { id: number },
>({
  kind,
  bill,
  reload,
  onPaid,
  instalments,
}: {
  kind: BillKind<TBill, TPayment>;
  bill: TBill;
  reload: () => void;
  /** Instead of opening the kind's document (an embedding page hears of the payment instead). */
  onPaid?: (payment: TPayment) => void;
  /** The bill's instalments when the page already reads them; otherwise read here (kinds that split items). */
  instalments?: InstalmentsView;
}) {
  const navigate = useNavigate();
  const client = useApi();
  const items = kind.items(bill);
  const own = useBillInstalments(kind.splitsItems && instalments === undefined ? bill.id : null, bill);
  const embed = useEmbed();
  return (
    <Card title="Form Pembayaran">
      {embed?.cashierName ? (
        <Typography.Paragraph data-testid="payment-cashier">
          Dicatat oleh kasir <strong>{embed.cashierName}</strong>, bertanggal hari ini.
        </Typography.Paragraph>
      ) : null}
      <PaymentForm<TPayment>
        // A new form, and a new Idempotency-Key, whenever what is due changes (a payment went through).
        key={items.map((i) => `${i.id}:${i.total_billing}`).join(',')}
        items={items}
        totalBilling={bill.total_billing}
        // Embedded (a kasir token): today only, no Tanggal Bayar to choose (docs/roles.md, "Embed tokens").
        billDate={embed ? null : bill.bill_date}
        defaultPayerName={kind.payerName(bill)}
        pay={(submission, key) => kind.pay(client, bill.id, submission, key)}
        onPaid={(payment) => {
          reload();
          if (onPaid) onPaid(payment);
          else navigate(kind.afterPaymentPath(bill, payment));
        }}
        onFailed={reload}
        instalments={instalments ?? own}
      />
    </Card>
  );
}
