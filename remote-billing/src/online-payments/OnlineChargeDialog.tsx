import {
  apiErrorText,
  FormField,
  HookForm,
  isCancelledRequest,
  notifyError,
  notifySuccess,
  ONLINE_CHANNEL_LABELS,
  OnlineChannelChoiceSchema,
  type OnlineCharge,
  type OnlineGatewayInfo,
  type StudentBillingDetail,
  useValibotForm,
} from '@keuangan/shared';
import { Button, Flex, Modal, Radio, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { CENTERED } from '../constants';
import { idempotencyKeys } from '../payment/idempotency';
import { useOnlineChargeCalls } from './api';
import { ChargeView } from './ChargeView';

/**
 * Tagih Online, or Bayar Online in the embedded view (docs/online-payments.md): the bill's open charge again when it
 * has one, else the channel to charge every unpaid item of the bill through; then the VA number or QRIS, amount,
 * expiry and status.
 */
export function OnlineChargeDialog({
  bill,
  gateway,
  title,
  onClose,
  onPaid,
}: {
  bill: StudentBillingDetail;
  gateway: OnlineGatewayInfo;
  /** "Tagih Online" (staff) or "Bayar Online" (the embedded view). */
  title: string;
  onClose: () => void;
  onPaid: (charge: OnlineCharge) => void;
}) {
  const calls = useOnlineChargeCalls();
  // undefined: still asking whether the bill has an open charge.
  const [charge, setCharge] = useState<OnlineCharge | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    calls
      .openCharge(bill.id, controller.signal)
      .then(setCharge)
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        notifyError(apiErrorText(error), 'Error');
        setCharge(null);
      });
    return () => controller.abort();
  }, [calls, bill.id]);

  const settled = (next: OnlineCharge) => {
    setCharge(next);
    if (next.status === 'posted') {
      notifySuccess('Pembayaran online diterima dan dicatat', CENTERED);
      onPaid(next);
    } else if (next.status === 'credited') {
      notifySuccess('Uang diterima dan disimpan sebagai Saldo Titipan', CENTERED);
      onPaid(next);
    }
  };

  return (
    <Modal open title={`${title}: ${bill.bill_number}`} onCancel={onClose} footer={null} destroyOnHidden>
      {charge === undefined ? (
        <div role="status" aria-label="Memuat…">
          <Spin />
        </div>
      ) : charge === null ? (
        <ChannelForm bill={bill} gateway={gateway} title={title} onCreated={setCharge} onCancel={onClose} />
      ) : (
        <ChargeView
          charge={charge}
          simulator={gateway.simulator}
          onChanged={settled}
          onAnother={() => setCharge(null)}
        />
      )}
    </Modal>
  );
}

function ChannelForm({
  bill,
  gateway,
  title,
  onCreated,
  onCancel,
}: {
  bill: StudentBillingDetail;
  gateway: OnlineGatewayInfo;
  title: string;
  onCreated: (charge: OnlineCharge) => void;
  onCancel: () => void;
}) {
  const calls = useOnlineChargeCalls();
  // One key per opened form and channel: a retry after a lost answer gets the same charge, never a second.
  const keys = useMemo(() => idempotencyKeys(), []);
  const { control, handleSubmit, formState } = useValibotForm(OnlineChannelChoiceSchema, {
    defaultValues: { channel: gateway.channels[0] },
  });
  const create = handleSubmit(async ({ channel }) => {
    try {
      const body = { student_billing_id: bill.id, channel };
      onCreated(await calls.create(bill.id, channel, keys.keyFor(body)));
      notifySuccess('Tagihan online dibuat', CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  return (
    <HookForm onSubmit={create} aria-label={title}>
      <p>Seluruh komponen yang belum dibayar pada billing ini ditagihkan; jumlahnya dihitung oleh server.</p>
      <FormField control={control} name="channel" label="Kanal Pembayaran" required>
        {(field) => (
          <Radio.Group
            {...field}
            aria-label="Kanal Pembayaran"
            onChange={(event) => field.onChange(event.target.value)}
            options={gateway.channels.map((channel) => ({
              value: channel,
              label: ONLINE_CHANNEL_LABELS[channel],
            }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        )}
      </FormField>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>Batal</Button>
        <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
          Buat Tagihan Online
        </Button>
      </Flex>
    </HookForm>
  );
}
