/**
 * The standing instalments of an item as a column (docs/money.md "Instalments"): read by the statement that locks
 * a bill's items (billing/rules.ts), so the engine rewrites an item's due date without a round trip of its own.
 * Imports nothing of billing: billing's files may import it without a cycle.
 */
import type { Instalment } from '@keuangan/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bill_item_instalments } from '../db/schema';

/** The instalments not replaced of the item `itemId` names, by seq ([] when it is paid at once). */
export function standingInstalments(itemId: AnyPgColumn): SQL<Instalment[]> {
  const s = bill_item_instalments;
  return sql<Instalment[]>`(select coalesce(json_agg(json_build_object('seq', ${s.seq}, 'amount', ${s.amount},
    'due_date', ${s.due_date}) order by ${s.seq}), '[]'::json) from ${s}
    where ${s.student_billing_item_id} = ${itemId} and ${s.replaced_at} is null)`.mapWith(parseInstalments);
}

/** json_agg's answer (an array, or its text on some drivers) as instalments with numbers and date strings. */
function parseInstalments(value: unknown): Instalment[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as
    | { seq: number; amount: number | string; due_date: string }[]
    | null;
  return (list ?? []).map((i) => ({
    seq: Number(i.seq),
    amount: Number(i.amount),
    due_date: String(i.due_date),
  }));
}
