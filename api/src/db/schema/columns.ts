/**
 * The column builders every schema file uses (functions: drizzle needs fresh column builders for every
 * table). Not part of the schema's exports (index.ts re-exports tables only).
 */
import { bigint, customType, integer, smallint, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
export const money = () => bigint({ mode: 'number' }).notNull().default(0);
export const timestamps = () => ({
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Totals shared by bills and bill items: total_billing = total_amount - total_discount - total_bail - total_payment. */
export const billTotals = () => ({
  total_amount: money(),
  total_discount: money(),
  total_bail: money(),
  total_payment: money(),
  total_billing: money(),
  payment_status: smallint().notNull().default(0), // 1 lunas, 0 belum lunas
});

/** Raw bytes (PostgreSQL bytea), read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
