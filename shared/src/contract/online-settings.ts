/**
 * A branch's online-payment settings (docs/online-payments.md, "A branch's gateway and channels"): which
 * configured provider its new charges go to and which channels they may use. Chosen by an admin; until then the
 * first configured provider with all its channels.
 */
import * as v from 'valibot';
import {
  ONLINE_CHANNELS,
  ONLINE_PAYMENT_MESSAGES,
  ONLINE_PROVIDERS,
  type OnlineChannel,
  type OnlineProvider,
} from './online-payments';

export const ONLINE_SETTINGS_MESSAGES = {
  providerInvalid: 'Penyedia pembayaran tidak valid',
  providerNotConfigured: 'Penyedia pembayaran ini belum dikonfigurasi di server',
  channelsRequired: 'Pilih minimal satu kanal pembayaran',
  channelNotOffered: 'Kanal ini tidak tersedia pada penyedia yang dipilih',
  channelOff: 'Kanal pembayaran ini tidak diaktifkan untuk cabang ini',
  forbidden: 'Hanya admin yang dapat mengubah pengaturan pembayaran online',
  saved: 'Pengaturan pembayaran online disimpan',
} as const;

/** How the screens name a provider. */
export const ONLINE_PROVIDER_LABELS: Record<OnlineProvider, string> = {
  midtrans: 'Midtrans',
  xendit: 'Xendit',
};

/** `PUT /api/online-payments/settings`: a configured provider and at least one of its channels. */
export const OnlinePaymentSettingsSchema = v.object({
  provider: v.picklist(ONLINE_PROVIDERS, ONLINE_SETTINGS_MESSAGES.providerInvalid),
  channels: v.pipe(
    v.array(
      v.picklist(ONLINE_CHANNELS, ONLINE_PAYMENT_MESSAGES.channelInvalid),
      ONLINE_PAYMENT_MESSAGES.channelInvalid,
    ),
    v.minLength(1, ONLINE_SETTINGS_MESSAGES.channelsRequired),
    v.check((list) => new Set(list).size === list.length, ONLINE_PAYMENT_MESSAGES.channelInvalid),
  ),
});
export type OnlinePaymentSettingsInput = v.InferOutput<typeof OnlinePaymentSettingsSchema>;

/** A provider whose keys are set, and the channels its adapter charges (what the checkboxes offer). */
export interface OnlineProviderOption {
  provider: OnlineProvider;
  channels: OnlineChannel[];
}

/** `GET`/`PUT /api/online-payments/settings`: what the branch uses now and what it may choose from. */
export interface OnlinePaymentSettings {
  /** False: no provider's keys are set ("belum dikonfigurasi"), `provider` null and no channels. */
  configured: boolean;
  /** What new charges use: the branch's choice, or the first configured provider with all its channels. */
  provider: OnlineProvider | null;
  channels: OnlineChannel[];
  /** False until an admin saves (the default above applies). */
  chosen: boolean;
  /** The configured providers in order (the first is the default). */
  providers: OnlineProviderOption[];
  updated_at: string | null;
  updated_by: string | null;
}
