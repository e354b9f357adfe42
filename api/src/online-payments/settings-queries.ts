/** A branch's online-payment settings, read and written (docs/online-payments.md, "A branch's gateway and channels"). */
import type { GatewayFees, OnlineChannel, OnlineProvider } from '@keuangan/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { online_payment_settings, users } from '../db/schema';
import { type BranchScope, inBranch } from '../lib/scope';

export interface SettingsRow {
  provider: OnlineProvider;
  channels: OnlineChannel[];
  fees: GatewayFees;
  updated_at: Date;
  updated_by: string | null;
}

/** The branch's saved choice, or undefined (the default applies), with who saved it last. */
export async function findBranchSettings(db: Db | Tx, scope: BranchScope): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select({
      provider: online_payment_settings.provider,
      channels: online_payment_settings.channels,
      fees: online_payment_settings.fees,
      updated_at: online_payment_settings.updated_at,
      updated_by: users.name,
    })
    .from(online_payment_settings)
    .leftJoin(users, eq(users.id, online_payment_settings.updated_by))
    .where(inBranch(scope, online_payment_settings));
  return row
    ? {
        ...row,
        provider: row.provider as OnlineProvider,
        channels: row.channels as OnlineChannel[],
        fees: row.fees as GatewayFees,
      }
    : undefined;
}

/** One save of a branch's settings at a time: the second reads what the first wrote (its audit's "before"). */
export async function lockBranchSettings(tx: Tx, scope: BranchScope): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`online-settings:${scope.branchId}`}, 0))`,
  );
}

/** Writes the branch's choice (its one row, made on the first save); answers the row's id. */
export async function upsertBranchSettings(
  tx: Tx,
  scope: BranchScope & { userId: number },
  values: { provider: OnlineProvider; channels: OnlineChannel[]; fees: GatewayFees },
): Promise<number> {
  const now = new Date();
  const [row] = await tx
    .insert(online_payment_settings)
    .values({
      client_id: scope.clientId,
      branch_id: scope.branchId,
      ...values,
      updated_by: scope.userId,
    })
    .onConflictDoUpdate({
      target: online_payment_settings.branch_id,
      set: { ...values, updated_by: scope.userId, updated_at: now },
    })
    .returning({ id: online_payment_settings.id });
  if (!row) throw new Error('the online payment settings were not written');
  return row.id;
}

/** The fee rates the branch saved for its channels, or undefined (a gateway's money has no session to scope by). */
export async function branchFeeRates(tx: Tx, branchId: number): Promise<GatewayFees | undefined> {
  const [row] = await tx
    .select({ fees: online_payment_settings.fees })
    .from(online_payment_settings)
    .where(eq(online_payment_settings.branch_id, branchId));
  return row?.fees as GatewayFees | undefined;
}
