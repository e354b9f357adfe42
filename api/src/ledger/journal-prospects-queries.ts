/**
 * Posting the prospect (PSB/Mutasi) bills and payments (docs/books.md "When the books move"): the same one-statement
 * writers as the student bills' (journal-post-queries.ts), on Piutang Calon Siswa. Their lines name the prospect bill in
 * `prospective_billing_id`, so the tie-out compares it bill by bill.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { numbering, PENDING, type Poster, rolesOf, run } from './journal-post-queries';

/**
 * Brings the books of the prospect bills `billIds` to what they charge: Dr Piutang Calon Siswa / Cr the revenue of
 * each item's fee (its fee type's mapping, else Pendapatan Lainnya). Only a difference from what is booked is
 * posted, dated today ('bill': the bill's date, for the opening). `withdrawn`: the bills are about to be deleted
 * (a prospect removed before paying), so everything they booked is reversed.
 */
export async function postProspectBills(
  tx: Tx,
  who: Poster,
  billIds: readonly number[],
  date: 'today' | 'bill',
  withdrawn = false,
): Promise<number> {
  if (billIds.length === 0) return 0;
  const ids = sql`${sql.param(billIds)}::integer[]`;
  const entryDate = date === 'bill' ? sql`h.bill_date` : sql`h.today`;
  return run(
    tx,
    sql`with ${rolesOf(sql`select client_id from prospective_billings where id = any(${ids})`)},
    target as (
      select i.prospective_billing_id as bill_id, k.account_id, sum(k.amount) as amount
      from prospective_billings b
      join prospective_billing_items i on i.prospective_billing_id = b.id
      join psb_event_prospective_fees pf on pf.id = i.psb_event_prospective_fee_id
      join psb_event_fees f on f.id = pf.psb_event_fee_id
      join r on r.client_id = b.client_id
      left join books_mappings m
        on m.client_id = b.client_id and m.source = 'fee_type' and m.source_key = f.fee_type_id
      cross join lateral (values
        (r.receivable_prospect, i.total_amount),
        (coalesce(m.account_id, r.revenue), -i.total_amount)
      ) as k(account_id, amount)
      where b.id = any(${ids}) and not ${withdrawn}::boolean
      group by 1, 2),
    booked as (
      select l.prospective_billing_id as bill_id, l.account_id, sum(l.debit - l.credit) as amount
      from books_lines l join books_entries e on e.id = l.entry_id
      where l.prospective_billing_id = any(${ids}) and e.source_kind = 'prospect_bill'
      group by 1, 2),
    moves as (
      select coalesce(t.bill_id, k.bill_id) as bill_id, coalesce(t.account_id, k.account_id) as account_id,
        coalesce(t.amount, 0) - coalesce(k.amount, 0) as amount, t.bill_id is null as undone
      from target t full join booked k on k.bill_id = t.bill_id and k.account_id = t.account_id),
    heads as (
      select m.bill_id, bool_and(m.undone) as undone, b.client_id, b.branch_id, b.bill_number, b.bill_date,
        (now() at time zone br.time_zone)::date as today
      from moves m join prospective_billings b on b.id = m.bill_id join branches br on br.id = b.branch_id
      where m.amount <> 0
      group by m.bill_id, b.client_id, b.branch_id, b.bill_number, b.bill_date, br.time_zone),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, reversal_of, description, created_by)
      select h.client_id, h.branch_id, ${PENDING}, ${entryDate}, 'prospect_bill', h.bill_id,
        -- A withdrawn bill reverses its latest entry (docs/books.md).
        case when h.undone then (select max(o.id) from books_entries o where o.source_kind = 'prospect_bill'
          and o.source_id = h.bill_id and o.reversal_of is null
          and not exists (select from books_entries x where x.reversal_of = o.id)) end,
        case when h.undone then 'Hapus ' else '' end || 'Tagihan Calon Siswa ' || h.bill_number,
        ${who.userId ?? null}::integer
      from heads h order by h.bill_id
      returning id, client_id, branch_id, entry_date, source_id),
    l as (insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit, prospective_billing_id)
      select e.client_id, e.branch_id, e.id, m.account_id, greatest(m.amount, 0), greatest(-m.amount, 0), m.bill_id
      from moves m join e on e.source_id = m.bill_id where m.amount <> 0),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}

/**
 * Posts the prospect payments `paymentIds`: Dr the payment type's account / Cr Piutang Calon Siswa of the bill,
 * dated the payment date. Each payment once.
 */
export async function postProspectPayments(
  tx: Tx,
  who: Poster,
  paymentIds: readonly number[],
): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const ids = sql`${sql.param(paymentIds)}::integer[]`;
  return run(
    tx,
    sql`with ${rolesOf(sql`select client_id from prospective_billing_payments where id = any(${ids})`)},
    p as (select p.id, p.client_id, p.branch_id, p.payment_date, p.amount, p.payer_name,
        p.prospective_billing_id as bill_id, r.receivable_prospect, coalesce(pm.account_id, r.cash) as account_id
      from prospective_billing_payments p join r on r.client_id = p.client_id
      left join books_mappings pm on pm.client_id = p.client_id and pm.source = 'payment_type' and pm.source_key = p.ptype
      where p.id = any(${ids})
        and not exists (select from books_entries o where o.source_kind = 'prospect_payment' and o.source_id = p.id)),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, description, created_by)
      select p.client_id, p.branch_id, ${PENDING}, p.payment_date, 'prospect_payment', p.id,
        'Pembayaran Calon Siswa a.n. ' || p.payer_name, ${who.userId ?? null}::integer
      from p order by p.id
      returning id, client_id, branch_id, entry_date, source_id),
    l as (insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit, prospective_billing_id)
      select e.client_id, e.branch_id, e.id, p.account_id, p.amount, 0, null::integer
        from e join p on p.id = e.source_id
      union all
      select e.client_id, e.branch_id, e.id, p.receivable_prospect, 0, p.amount, p.bill_id
        from e join p on p.id = e.source_id),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}
