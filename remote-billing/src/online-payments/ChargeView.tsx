import {
  apiErrorText,
  formatDateTimeIn,
  formatIDR,
  notifyError,
  ONLINE_CHANNEL_BANKS,
  ONLINE_CHANNEL_LABELS,
  ONLINE_CHARGE_STATUS_LABELS,
  type OnlineCharge,
  timeZoneLabel,
} from '@keuangan/shared';
import { Button, Descriptions, Flex, QRCode, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBranchZone } from '../today';
import { useOnlineChargeCalls } from './api';
import { Copyable } from './Copyable';

/**
 * A charge as the payer needs it (docs/online-payments.md, "Tagih Online"): the VA number with its bank (Mandiri:
 * company code and bill key) or the QRIS image drawn from the provider's QR string, the server's amount, the expiry
 * in the branch's zone and the status, announced as it changes.
 */
export function ChargeView({
  charge,
  simulator,
  onChanged,
  onAnother,
}: {
  charge: OnlineCharge;
  /** The demo's simulator is the gateway: "Simulasikan Pembayaran" pays it. */
  simulator: boolean;
  onChanged: (charge: OnlineCharge) => void;
  onAnother: () => void;
}) {
  const calls = useOnlineChargeCalls();
  const zone = useBranchZone();
  const [busy, setBusy] = useState<'check' | 'simulate' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog's focus moves to what was made, so a screen reader reads it first.
  useEffect(() => heading.current?.focus(), []);
  const bank = ONLINE_CHANNEL_BANKS[charge.channel];
  const pending = charge.status === 'pending';

  const run = async (kind: 'check' | 'simulate') => {
    setBusy(kind);
    try {
      onChanged(await (kind === 'check' ? calls.check(charge.id) : calls.simulate(charge.id)));
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    } finally {
      setBusy(null);
    }
  };

  const payTo =
    charge.channel === 'qris'
      ? []
      : charge.channel === 'mandiri_bill'
        ? [
            { key: 'biller', label: 'Kode Perusahaan', children: charge.va_number ?? '-' },
            { key: 'key', label: 'Kode Bayar', children: <Copyable text={charge.bill_key} /> },
          ]
        : [
            {
              key: 'va',
              label: 'Nomor Virtual Account',
              children: <Copyable text={charge.va_number} />,
            },
          ];

  return (
    <section aria-labelledby={`charge-${charge.id}`}>
      <Typography.Title level={5} id={`charge-${charge.id}`} ref={heading} tabIndex={-1}>
        {ONLINE_CHANNEL_LABELS[charge.channel]}: {charge.order_id}
      </Typography.Title>
      {charge.channel === 'qris' && charge.qr_string ? (
        <Flex justify="center" style={{ marginBottom: 12 }}>
          {/* The label goes on antd's canvas itself (role img): a wrapper's label leaves the canvas unnamed (axe). */}
          <QRCode
            value={charge.qr_string}
            size={220}
            bordered={false}
            aria-label={`Kode QRIS untuk ${formatIDR(charge.amount)}`}
          />
        </Flex>
      ) : null}
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          ...(bank ? [{ key: 'bank', label: 'Bank', children: bank }] : []),
          ...payTo,
          {
            key: 'amount',
            label: 'Jumlah',
            children: <strong data-testid="online-charge-amount">{formatIDR(charge.amount)}</strong>,
          },
          {
            key: 'expires',
            label: 'Berlaku sampai',
            children: `${formatDateTimeIn(charge.expires_at, zone)} ${timeZoneLabel(zone)}`,
          },
          {
            key: 'status',
            label: 'Status',
            children: (
              <span role="status" aria-live="polite" data-testid="online-charge-status">
                {ONLINE_CHARGE_STATUS_LABELS[charge.status]}
              </span>
            ),
          },
        ]}
      />
      <Flex justify="flex-end" gap={8} wrap style={{ marginTop: 16 }}>
        {pending ? <Button onClick={onAnother}>Ganti Kanal</Button> : null}
        {pending ? (
          <Button loading={busy === 'check'} disabled={busy !== null} onClick={() => run('check')}>
            Periksa Status
          </Button>
        ) : null}
        {pending && simulator ? (
          <Button
            type="primary"
            loading={busy === 'simulate'}
            disabled={busy !== null}
            onClick={() => run('simulate')}
          >
            Simulasikan Pembayaran
          </Button>
        ) : null}
      </Flex>
    </section>
  );
}
