/**
 * The online-payment write use cases that open their own transaction (docs/online-payments.md): a branch's
 * choice of gateway, channels and the channels' fees, admins only, audited old -> new.
 */
import {
  canManageOnlineSettings,
  ONLINE_SETTINGS_MESSAGES,
  type OnlinePaymentSettings,
  type OnlinePaymentSettingsInput,
} from '@keuangan/shared/contract';
import { changedFields } from '../audit/diff';
import type { AuthContext } from '../auth/session';
import type { Database } from '../db/client';
import { auditInsert, auditWho } from '../lib/audit-record';
import { forbidden } from '../lib/errors';
import type { Gateways } from './gateways';
import { findBranchSettings, lockBranchSettings, upsertBranchSettings } from './settings-queries';
import { checkSettingsInput, feesInOrder, inChannelOrder, settingsAnswer } from './settings-rules';

/** Saves the branch's gateway and channels; open charges keep their provider (their notifications still count). */
export async function saveOnlineSettings(
  database: Database,
  gateways: Gateways,
  auth: AuthContext,
  input: OnlinePaymentSettingsInput,
): Promise<OnlinePaymentSettings> {
  if (!canManageOnlineSettings(auth.roleSlugs)) throw forbidden(ONLINE_SETTINGS_MESSAGES.forbidden);
  checkSettingsInput(gateways, input);
  const values = {
    provider: input.provider,
    channels: inChannelOrder(input.channels),
    fees: feesInOrder(input.fees),
  };
  return database.transaction(async (tx) => {
    await lockBranchSettings(tx, auth);
    const before = await findBranchSettings(tx, auth);
    const change = before
      ? changedFields(
          { provider: before.provider, channels: before.channels, fees: feesInOrder(before.fees) },
          values,
        )
      : { before: null, after: values };
    // A save that changes nothing writes nothing (docs/roles.md, "Audit log").
    if (!change) return settingsAnswer(gateways, before);
    const id = await upsertBranchSettings(tx, auth, values);
    await auditInsert(tx, auditWho(auth), {
      action: 'online_settings.update',
      entity: 'online_payment_settings',
      entityId: id,
      before: change.before,
      after: change.after,
    });
    return settingsAnswer(gateways, await findBranchSettings(tx, auth));
  });
}
