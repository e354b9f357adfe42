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
  useValibotForm,
} from '@keuangan/shared';
import { Button, Flex, Modal, Radio, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { CENTERED } from '../constants';
import { idempotencyKeys } from '../payment/idempotency';
import { chargeBody, useOnlineChargeCalls } from './api';
import { ChargeView } from './ChargeView';

/** The bills a charge is for: one (the bill detail) or several of a student (Tagihan Siswa). */
export type ChargedBill = { id: number; bill_number: string };

/**
 * Tagih Online, or Bayar Online in the embedded view (docs/online-payments.md): the open charge of these bills
 * again when there is one, else the channel to charge every unpaid item of them through; then the VA number or
 * QRIS, amount, expiry and status.
 */
export function OnlineChargeDialog({
  bills,
  gateway,
  title,
  onClose,
  onPaid,
}: {
  bills: readonly ChargedBill[];
  gateway: OnlineGatewayInfo;
  /** "Tagih Online" (staff) or "Bayar Online" (the embedded view). */
  title: string;
  onClose: () => void;
  onPaid: (charge: OnlineCharge) => void;
}) {
  const calls = useOnlineChargeCalls();
  // undefined: still asking whether the bill has an open charge.
  const [charge, setCharge] = useState<OnlineCharge | null | undefined>(undefined);

  const billIds = bills.map((bill) => bill.id);
  const billKey = billIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bills' ids (billKey), not the array, decide
  useEffect(() => {
    const controller = new AbortController();
    calls
      .openCharge(billIds, controller.signal)
      .then(setCharge)
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        notifyError(apiErrorText(error), 'Error');
        setCharge(null);
      });
    return () => controller.abort();
  }, [calls, billKey]);

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
    <Modal
      open
      title={`${title}: ${bills.length === 1 ? bills[0]?.bill_number : `${bills.length} billing`}`}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {charge === undefined ? (
        <div role="status" aria-label="Memuat…">
          <Spin />
        </div>
      ) : charge === null ? (
        <ChannelForm bills={bills} gateway={gateway} title={title} onCreated={setCharge} onCancel={onClose} />
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
  bills,
  gateway,
  title,
  onCreated,
  onCancel,
}: {
  bills: readonly ChargedBill[];
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
      const billIds = bills.map((bill) => bill.id);
      onCreated(await calls.create(billIds, channel, keys.keyFor(chargeBody(billIds, channel))));
      notifySuccess('Tagihan online dibuat', CENTERED);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
  });
  return (
    <HookForm onSubmit={create} aria-label={title}>
      <p>
        {bills.length === 1
          ? 'Seluruh komponen yang belum dibayar pada billing ini ditagihkan'
          : `Seluruh komponen yang belum dibayar pada ${bills.length} billing terpilih (${bills.map((b) => b.bill_number).join(', ')}) ditagihkan dalam satu tagihan online`}
        ; jumlahnya dihitung oleh server.
      </p>
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
