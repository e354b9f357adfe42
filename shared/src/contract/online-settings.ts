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
  feeFlatInvalid: 'Biaya tetap harus rupiah bulat, tidak negatif, paling besar Rp 1.000.000',
  feePercentInvalid: 'Persentase biaya harus antara 0 dan 10, paling banyak dua angka di belakang koma',
} as const;

/**
 * The gateway's fee of one channel (docs/online-payments.md, "Gateway fees"): a flat whole-rupiah part and a
 * percentage of the money, as the admin sets them (0 allowed: nothing booked).
 */
export const GatewayFeeSchema = v.object({
  flat: v.pipe(
    v.number(ONLINE_SETTINGS_MESSAGES.feeFlatInvalid),
    v.integer(ONLINE_SETTINGS_MESSAGES.feeFlatInvalid),
    v.minValue(0, ONLINE_SETTINGS_MESSAGES.feeFlatInvalid),
    v.maxValue(1_000_000, ONLINE_SETTINGS_MESSAGES.feeFlatInvalid),
  ),
  percent: v.pipe(
    v.number(ONLINE_SETTINGS_MESSAGES.feePercentInvalid),
    v.minValue(0, ONLINE_SETTINGS_MESSAGES.feePercentInvalid),
    v.maxValue(10, ONLINE_SETTINGS_MESSAGES.feePercentInvalid),
    // Hundredths of a percent at most (0,7 or 0,63): the fee is computed in whole hundredths.
    v.check(
      (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9,
      ONLINE_SETTINGS_MESSAGES.feePercentInvalid,
    ),
  ),
});
/** One channel's fee as saved and answered (a plain type: the answers' JSON Schemas are generated from it). */
export interface GatewayFee {
  flat: number;
  percent: number;
}

/** Each channel's fee; a channel without one books no fee. */
export type GatewayFees = Partial<Record<OnlineChannel, GatewayFee>>;

/**
 * The fee of `amount` rupiah (docs/online-payments.md, "Gateway fees"): flat + amount × percent / 100, the
 * percentage part rounded half up to whole rupiah, never more than the amount itself.
 */
export function gatewayFeeOf(amount: number, fee: GatewayFee | undefined): number {
  if (!fee || amount <= 0) return 0;
  const hundredths = Math.round(fee.percent * 100);
  const share = Math.floor((amount * hundredths + 5000) / 10000);
  return Math.min(amount, fee.flat + share);
}

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
  /** Per channel (any of the six, on or not: a fixed VA's bank uses its VA channel's fee); absent: none. */
  fees: v.optional(
    v.record(v.picklist(ONLINE_CHANNELS, ONLINE_PAYMENT_MESSAGES.channelInvalid), GatewayFeeSchema),
    {},
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
  /** The fee each channel's money books to Beban Administrasi Bank (none saved: `{}`). */
  fees: GatewayFees;
  /** The configured providers in order (the first is the default). */
  providers: OnlineProviderOption[];
  updated_at: string | null;
  updated_by: string | null;
}
