/**
 * Which gateway and channels a branch charges with (docs/online-payments.md, "A branch's gateway and channels"):
 * its saved choice while that provider's keys are set, else the first configured provider with all its channels.
 */
import {
  type GatewayFees,
  ONLINE_CHANNELS,
  ONLINE_PROVIDERS,
  ONLINE_SETTINGS_MESSAGES,
  type OnlineChannel,
  type OnlinePaymentSettings,
  type OnlinePaymentSettingsInput,
} from '@keuangan/shared/contract';
import { fieldError } from '../lib/errors';
import { defaultGateway, type Gateways } from './gateways';
import type { PaymentGateway } from './gateways/types';
import type { SettingsRow } from './settings-queries';

export interface BranchGateway {
  gateway: PaymentGateway;
  channels: OnlineChannel[];
  /** The branch's own choice (false: the default). */
  chosen: boolean;
}

/** Channels in one order (the contract's), whatever order they were sent in. */
export const inChannelOrder = (channels: readonly OnlineChannel[]): OnlineChannel[] =>
  ONLINE_CHANNELS.filter((channel) => channels.includes(channel));

/** Fees keyed in the contract's channel order, each `{ flat, percent }` (jsonb keeps its own key order). */
export const feesInOrder = (fees: GatewayFees): GatewayFees =>
  Object.fromEntries(
    ONLINE_CHANNELS.flatMap((channel) => {
      const fee = fees[channel];
      return fee ? [[channel, { flat: fee.flat, percent: fee.percent }]] : [];
    }),
  );

/** The branch's gateway now; undefined when no provider's keys are set. */
export function branchGatewayOf(gateways: Gateways, row: SettingsRow | undefined): BranchGateway | undefined {
  const chosen = row ? gateways[row.provider] : undefined;
  if (row && chosen) {
    const channels = inChannelOrder(row.channels).filter((channel) => chosen.channels.includes(channel));
    return { gateway: chosen, channels, chosen: true };
  }
  // Never chosen, or the chosen provider's keys were taken away: the default, as before any choice.
  const gateway = defaultGateway(gateways);
  return gateway ? { gateway, channels: inChannelOrder(gateway.channels), chosen: false } : undefined;
}

/** A choice an admin may save: a configured provider (422 otherwise) and channels it charges. */
export function checkSettingsInput(gateways: Gateways, input: OnlinePaymentSettingsInput): PaymentGateway {
  const gateway = gateways[input.provider];
  if (!gateway) throw fieldError('provider', ONLINE_SETTINGS_MESSAGES.providerNotConfigured);
  if (input.channels.some((channel) => !gateway.channels.includes(channel)))
    throw fieldError('channels', ONLINE_SETTINGS_MESSAGES.channelNotOffered);
  return gateway;
}

/** A new charge's channel must be on for the branch: 422 on `channel` otherwise. */
export function assertChannelOn(branch: BranchGateway, channel: OnlineChannel): void {
  if (!branch.channels.includes(channel)) throw fieldError('channel', ONLINE_SETTINGS_MESSAGES.channelOff);
}

/** The settings answer: what the branch uses and the configured providers to choose from. */
export function settingsAnswer(gateways: Gateways, row: SettingsRow | undefined): OnlinePaymentSettings {
  const branch = branchGatewayOf(gateways, row);
  const providers = ONLINE_PROVIDERS.flatMap((provider) => {
    const gateway = gateways[provider];
    return gateway ? [{ provider, channels: inChannelOrder(gateway.channels) }] : [];
  });
  return {
    configured: branch !== undefined,
    provider: branch?.gateway.provider ?? null,
    channels: branch?.channels ?? [],
    chosen: branch?.chosen ?? false,
    // The fees apply whichever provider is in use (also the default's): saved with the first choice.
    fees: feesInOrder(row?.fees ?? {}),
    providers,
    updated_at: branch?.chosen && row ? row.updated_at.toISOString() : null,
    updated_by: branch?.chosen && row ? row.updated_by : null,
  };
}
