import {
  apiErrorText,
  formatDateTimeIn,
  formatIDR,
  notifyError,
  ONLINE_CHANNEL_LABELS,
  ONLINE_CHARGE_STATUS_LABELS,
  type OnlineChargeDetail,
  useLoad,
} from '@keuangan/shared';
import { Alert, Button, Descriptions, Empty, Modal, Spin, Timeline, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useBranchZone } from '../today';
import { useOnlineChargeCalls } from './api';
import { OUTCOME_LABELS } from './outcomes';

/**
 * One charge of Pembayaran Online (docs/online-payments.md, "Staff"): its figures, every notification received for
 * it in order (the timeline), and Periksa Status, which asks the provider again when a notification never came.
 */
export function ChargeDetailDialog({
  chargeId,
  onClose,
  onChanged,
}: {
  chargeId: number;
  onClose: () => void;
  /** The charge changed (a status check): the list reloads. */
  onChanged: () => void;
}) {
  const calls = useOnlineChargeCalls();
  const zone = useBranchZone();
  const load = useCallback((signal: AbortSignal) => calls.detail(chargeId, signal), [calls, chargeId]);
  const loaded = useLoad(load);
  const [checked, setChecked] = useState<OnlineChargeDetail | null>(null);
  const [checking, setChecking] = useState(false);
  const charge = checked ?? (loaded.state === 'done' ? loaded.value : null);

  const check = async () => {
    setChecking(true);
    try {
      setChecked(await calls.check(chargeId));
      onChanged();
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      open
      title={charge ? `Pembayaran Online: ${charge.order_id}` : 'Pembayaran Online'}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} autoFocus>
          Tutup
        </Button>
      }
      destroyOnHidden
    >
      {loaded.state === 'loading' && !charge ? <Spin description="Memuat…" /> : null}
      {loaded.state === 'failed' && !charge ? (
        <Alert
          type="error"
          showIcon
          message="Rincian pembayaran online tidak dapat dimuat."
          action={<Button onClick={loaded.retry}>Coba lagi</Button>}
        />
      ) : null}
      {charge ? (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Status">
              <span aria-live="polite">{ONLINE_CHARGE_STATUS_LABELS[charge.status]}</span>
            </Descriptions.Item>
            {charge.flagged ? (
              <Descriptions.Item label="Perlu diperiksa">{charge.flag_reason ?? '-'}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label="Kanal">{ONLINE_CHANNEL_LABELS[charge.channel]}</Descriptions.Item>
            <Descriptions.Item label="Jumlah">{formatIDR(charge.amount)}</Descriptions.Item>
            {/* The gateway's fee is an expense of the school, never on the bill (docs/online-payments.md). */}
            <Descriptions.Item label="Biaya Gateway (dibukukan)">
              {charge.fee_amount === null ? 'Belum dibukukan' : formatIDR(charge.fee_amount)}
            </Descriptions.Item>
            <Descriptions.Item label="Referensi Penyedia">
              {charge.provider_transaction_id ?? charge.provider_charge_id ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Dibuat">{formatDateTimeIn(charge.created_at, zone)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>Riwayat Notifikasi</Typography.Title>
          {charge.notifications.length === 0 ? (
            <Empty description="Belum ada notifikasi dari penyedia" />
          ) : (
            <Timeline
              aria-label="Riwayat Notifikasi"
              items={charge.notifications.map((n) => ({
                key: n.id,
                color: n.signature_ok ? 'blue' : 'red',
                children: (
                  <>
                    <div>{formatDateTimeIn(n.received_at, zone)}</div>
                    <div>{OUTCOME_LABELS[n.outcome] ?? n.outcome}</div>
                    {n.outcome_detail ? (
                      <Typography.Text type="secondary">{n.outcome_detail}</Typography.Text>
                    ) : null}
                  </>
                ),
              }))}
            />
          )}
          <Button onClick={check} loading={checking}>
            Periksa Status
          </Button>
        </>
      ) : null}
    </Modal>
  );
}
