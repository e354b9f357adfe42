import {
  apiErrorText,
  ConfirmDialog,
  FormField,
  formatDateTime,
  GatewayFeeSchema,
  groupedNumber,
  HookForm,
  MoneyInput,
  notifyError,
  notifySuccess,
  ONLINE_CHANNEL_LABELS,
  ONLINE_CHANNELS,
  ONLINE_PROVIDER_LABELS,
  ONLINE_SETTINGS_MESSAGES,
  type OnlinePaymentSettings,
  type OnlinePaymentSettingsInput,
  OnlinePaymentSettingsSchema,
  rupiahText,
  useLoad,
  useValibotForm,
} from '@keuangan/shared';
import { Alert, Button, Card, Checkbox, Flex, InputNumber, Radio, Spin, Typography } from 'antd';
import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { useOnlineSettingsCalls } from './api';

/** The form's shape: the contract's, with each flat fee typed as money text (docs/online-payments.md, "Gateway fees"). */
const SettingsFormSchema = v.object({
  ...OnlinePaymentSettingsSchema.entries,
  fees: v.record(
    v.picklist(ONLINE_CHANNELS),
    v.object({
      flat: rupiahText('Biaya tetap', GatewayFeeSchema.entries.flat),
      percent: GatewayFeeSchema.entries.percent,
    }),
  ),
});

/**
 * Pembayaran Online, Pengaturan (admins; docs/online-payments.md, "Pengaturan"): the branch's provider and the
 * channels its new charges may use, both offered as the API answers them; saved after a confirmation.
 */
export function OnlineSettingsTab() {
  const calls = useOnlineSettingsCalls();
  const loaded = useLoad(useCallback((signal: AbortSignal) => calls.load(signal), [calls]));
  // What the server answered last (the save's answer replaces the load's).
  const [saved, setSaved] = useState<OnlinePaymentSettings | null>(null);
  if (loaded.state === 'loading') return <Spin aria-label="Memuat pengaturan" />;
  if (loaded.state === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        message="Pengaturan pembayaran online tidak dapat dimuat"
        action={<Button onClick={loaded.retry}>Coba lagi</Button>}
      />
    );
  }
  const settings = saved ?? loaded.value;
  if (!settings.configured) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="online-settings-unconfigured"
        message="Pembayaran online belum dikonfigurasi"
        description="Belum ada penyedia pembayaran (Midtrans atau Xendit) yang kuncinya dipasang di server. Setelah kunci dipasang, penyedia dan kanal dapat dipilih di sini."
      />
    );
  }
  return <SettingsForm key={settings.updated_at ?? 'default'} settings={settings} onSaved={setSaved} />;
}

function SettingsForm({
  settings,
  onSaved,
}: {
  settings: OnlinePaymentSettings;
  onSaved: (next: OnlinePaymentSettings) => void;
}) {
  const calls = useOnlineSettingsCalls();
  const [pending, setPending] = useState<OnlinePaymentSettingsInput | null>(null);
  const { control, handleSubmit, watch, setValue, getValues } = useValibotForm(SettingsFormSchema, {
    defaultValues: {
      provider: settings.provider ?? undefined,
      channels: settings.channels,
      // Every channel's fee in the form (0 when none is saved): a fixed VA's bank uses its VA channel's.
      fees: Object.fromEntries(
        ONLINE_CHANNELS.map((channel) => {
          const fee = settings.fees?.[channel];
          return [channel, { flat: groupedNumber(fee?.flat ?? 0), percent: fee?.percent ?? 0 }];
        }),
      ),
    },
  });
  const provider = watch('provider');
  // The checkboxes offer what the chosen provider charges, as the API lists it.
  const offered = settings.providers.find((p) => p.provider === provider)?.channels ?? [];
  const save = async (values: OnlinePaymentSettingsInput) => {
    try {
      onSaved(await calls.save(values));
      notifySuccess(ONLINE_SETTINGS_MESSAGES.saved);
    } catch (error) {
      notifyError(apiErrorText(error), 'Error');
    }
    setPending(null);
  };
  return (
    <Card>
      <p data-testid="online-settings-state">
        {settings.chosen
          ? `Dipilih oleh ${settings.updated_by ?? '-'}, ${settings.updated_at ? formatDateTime(settings.updated_at) : '-'}.`
          : `Belum dipilih admin: cabang ini memakai penyedia pertama yang dikonfigurasi (${settings.provider ? ONLINE_PROVIDER_LABELS[settings.provider] : '-'}) dengan semua kanalnya.`}
      </p>
      <HookForm onSubmit={handleSubmit(setPending)} aria-label="Pengaturan Pembayaran Online">
        <FormField control={control} name="provider" label="Penyedia Pembayaran" required>
          {(field) => (
            <Radio.Group
              {...field}
              aria-label="Penyedia Pembayaran"
              onChange={(event) => {
                const next = event.target.value as OnlinePaymentSettingsInput['provider'];
                field.onChange(next);
                const allowed = settings.providers.find((p) => p.provider === next)?.channels ?? [];
                setValue(
                  'channels',
                  getValues('channels').filter((c) => allowed.includes(c)),
                );
              }}
              options={settings.providers.map((p) => ({
                value: p.provider,
                label: ONLINE_PROVIDER_LABELS[p.provider],
              }))}
            />
          )}
        </FormField>
        <FormField control={control} name="channels" label="Kanal Pembayaran" required>
          {(field) => (
            <Checkbox.Group
              value={field.value}
              onChange={(next) => field.onChange(next)}
              aria-label="Kanal Pembayaran"
              aria-invalid={field['aria-invalid']}
              aria-describedby={field['aria-describedby']}
              options={offered.map((channel) => ({ value: channel, label: ONLINE_CHANNEL_LABELS[channel] }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          )}
        </FormField>
        <Typography.Title level={5}>Biaya Gateway per Kanal</Typography.Title>
        <Typography.Paragraph type="secondary">
          Dibukukan ke Beban Administrasi Bank saat uangnya dicatat; tidak pernah ditambahkan ke tagihan.
        </Typography.Paragraph>
        {offered.map((channel) => (
          <Flex key={channel} gap={16} wrap>
            <FormField
              control={control}
              name={`fees.${channel}.flat`}
              label={`Biaya tetap ${ONLINE_CHANNEL_LABELS[channel]}`}
            >
              {(field) => <MoneyInput {...field} value={field.value as string} />}
            </FormField>
            <FormField
              control={control}
              name={`fees.${channel}.percent`}
              label={`Persentase ${ONLINE_CHANNEL_LABELS[channel]} (%)`}
            >
              {(field) => (
                // No min/max here: a value out of range is kept and the schema says why under the field.
                <InputNumber {...field} step={0.1} decimalSeparator="," style={{ width: 140 }} />
              )}
            </FormField>
          </Flex>
        ))}
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit">
            Simpan Pengaturan
          </Button>
        </Flex>
      </HookForm>
      <ConfirmDialog
        open={pending !== null}
        mode="online-settings"
        onConfirm={() => (pending ? save(pending) : undefined)}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
