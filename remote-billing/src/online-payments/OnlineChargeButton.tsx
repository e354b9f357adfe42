import {
  type OnlineCharge,
  type OnlineGatewayInfo,
  selectIsFinanceEditor,
  useLoad,
  useSession,
} from '@keuangan/shared';
import { Button, Flex, Typography } from 'antd';
import { useCallback, useId, useState } from 'react';
import { useEmbed } from '../embed/context';
import { OnDemand, onDemand } from '../OnDemand';
import { useOnlineChargeCalls } from './api';
import type { ChargedBill } from './OnlineChargeDialog';

// Fetched when opened: the dialog and its QR renderer stay out of the detail page's bundle.
const OnlineChargeDialog = onDemand(() =>
  import('./OnlineChargeDialog').then((m) => ({ default: m.OnlineChargeDialog })),
);

/** Why Bayar Online waits while no bill is ticked (docs/online-payments.md "Bayar Online"). */
export const NOTHING_TICKED_TEXT = 'Centang tagihan yang akan dibayar terlebih dahulu.';

/**
 * "Tagih Online" on the bill's card (docs/online-payments.md, "Tagih Online"), "Bayar Online" in the embedded view
 * ("Bayar Online"): opens the dialog, or says plainly that online payment is not configured. No bill (nothing
 * ticked): disabled, saying why.
 */
export function OnlineChargeButton(props: { bills: readonly ChargedBill[]; onPaid: () => void }) {
  const embed = useEmbed();
  // Staff who may take payments (finance editors): the charge route's own guard. The view's token was checked.
  const editor = useSession(selectIsFinanceEditor);
  if (embed) return embed.canPayOnline ? <ChargeButton {...props} title="Bayar Online" /> : null;
  return editor ? <ChargeButton {...props} title="Tagih Online" /> : null;
}

function ChargeButton({
  bills,
  onPaid,
  title,
}: {
  bills: readonly ChargedBill[];
  onPaid: () => void;
  title: string;
}) {
  const embed = useEmbed();
  const calls = useOnlineChargeCalls();
  const gateway = useLoad(useCallback((signal: AbortSignal) => calls.gateway(signal), [calls]));
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  if (gateway.state !== 'done') return null;
  const info: OnlineGatewayInfo = gateway.value;
  if (!info.configured) {
    return (
      <Button disabled data-testid="online-charge-unavailable">
        Pembayaran online belum dikonfigurasi
      </Button>
    );
  }
  if (bills.length === 0) {
    return (
      <Flex vertical align="flex-end" gap={4}>
        <Button disabled aria-describedby={reasonId}>
          {title}
        </Button>
        <Typography.Text type="secondary" id={reasonId}>
          {NOTHING_TICKED_TEXT}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {title}
      </Button>
      {open ? (
        <OnDemand>
          <OnlineChargeDialog
            bills={bills}
            gateway={info}
            title={title}
            onClose={() => setOpen(false)}
            onPaid={(charge: OnlineCharge) => {
              setOpen(false);
              // The embedding page hears of it as of a payment at the counter.
              if (embed && charge.student_billing_payment_id !== null) {
                embed.emit({
                  type: 'payment-made',
                  paymentId: charge.student_billing_payment_id,
                  billId: charge.student_billing_id,
                  amount: charge.amount,
                });
              }
              onPaid();
            }}
          />
        </OnDemand>
      ) : null}
    </>
  );
}
