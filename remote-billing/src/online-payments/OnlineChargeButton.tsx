import {
  type OnlineGatewayInfo,
  type StudentBillingDetail,
  selectIsFinanceEditor,
  useLoad,
  useSession,
} from '@keuangan/shared';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { OnDemand, onDemand } from '../OnDemand';
import { useOnlineChargeCalls } from './api';

// Fetched when opened: the dialog and its QR renderer stay out of the detail page's bundle.
const OnlineChargeDialog = onDemand(() =>
  import('./OnlineChargeDialog').then((m) => ({ default: m.OnlineChargeDialog })),
);

/**
 * "Tagih Online" on the bill's card (docs/online-payments.md, "Tagih Online"): opens the dialog, or says plainly
 * that online payment is not configured when the branch has no gateway.
 */
export function OnlineChargeButton(props: { bill: StudentBillingDetail; onPaid: () => void }) {
  // Staff who may take payments (finance editors): the charge route's own guard.
  return useSession(selectIsFinanceEditor) ? <ChargeButton {...props} /> : null;
}

function ChargeButton({ bill, onPaid }: { bill: StudentBillingDetail; onPaid: () => void }) {
  const calls = useOnlineChargeCalls();
  const gateway = useLoad(useCallback((signal: AbortSignal) => calls.gateway(signal), [calls]));
  const [open, setOpen] = useState(false);
  if (gateway.state !== 'done') return null;
  const info: OnlineGatewayInfo = gateway.value;
  if (!info.configured) {
    return (
      <Button disabled data-testid="online-charge-unavailable">
        Pembayaran online belum dikonfigurasi
      </Button>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        Tagih Online
      </Button>
      {open ? (
        <OnDemand>
          <OnlineChargeDialog
            bill={bill}
            gateway={info}
            onClose={() => setOpen(false)}
            onPaid={() => {
              setOpen(false);
              onPaid();
            }}
          />
        </OnDemand>
      ) : null}
    </>
  );
}
