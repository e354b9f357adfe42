/**
 * Posting Saldo Titipan (docs/books.md "When the books move"): money kept as a student's credit arrived in the bank
 * (a gateway's or a transfer's excess), so a movement in posts Dr Bank / Cr Titipan Siswa and a movement out the
 * opposite; a movement taking back a payment's credit (`payment:{id}:void`) names the entry it reverses.
 * Credit spent on a bill is booked by that payment's own entry instead (below).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { numbering, PENDING, type Poster, rolesOf, run } from './journal-post-queries';

// Credit spent on bills, and given back by the void: the payment's entry and its reversal book those
// (Dr Titipan Siswa / Cr Piutang, docs/books.md), so the movement itself posts nothing.
const PAID_BY_PAYMENT = "'credit_spent', 'credit_spent_void'";

/** Posts the credit movements `movementIds`, each once, dated the day it was written in the branch's time zone. */
export async function postCredit(tx: Tx, who: Poster, movementIds: readonly number[]): Promise<number> {
  if (movementIds.length === 0) return 0;
  const ids = sql`${sql.param(movementIds)}::integer[]`;
  return run(
    tx,
    sql`with ${rolesOf(sql`select client_id from student_credit_movements where id = any(${ids})`)},
    c as (select c.id, c.client_id, c.branch_id, c.amount, r.bank, r.student_credit,
        (c.created_at at time zone br.time_zone)::date as entry_date,
        case when c.amount > 0 then 'Saldo titipan masuk a.n. ' else 'Saldo titipan keluar a.n. ' end
          || s.name || ' (' || c.reference || ')' as description,
        (select o.id from books_entries o join student_credit_movements m on m.id = o.source_id
          where c.amount < 0 and c.reference like '%:void' and o.source_kind = 'student_credit'
            and m.branch_id = c.branch_id and m.reference = left(c.reference, -5)
            and not exists (select from books_entries x where x.reversal_of = o.id)) as reversal_of
      from student_credit_movements c join r on r.client_id = c.client_id
      join branches br on br.id = c.branch_id join students s on s.id = c.student_id
      where c.id = any(${ids}) and c.source not in (${sql.raw(PAID_BY_PAYMENT)})
        and not exists (select from books_entries o where o.source_kind = 'student_credit' and o.source_id = c.id)),
    e as (insert into books_entries
        (client_id, branch_id, voucher_number, entry_date, source_kind, source_id, reversal_of, description, created_by)
      select c.client_id, c.branch_id, ${PENDING}, c.entry_date, 'student_credit', c.id, c.reversal_of,
        c.description, ${who.userId ?? null}::integer
      from c order by c.id
      returning id, client_id, branch_id, entry_date, source_id),
    l as (insert into books_lines (client_id, branch_id, entry_id, account_id, debit, credit)
      select e.client_id, e.branch_id, e.id, x.account_id, greatest(x.amount, 0), greatest(-x.amount, 0)
      from e join c on c.id = e.source_id
      cross join lateral (values (c.bank, c.amount), (c.student_credit, -c.amount)) as x(account_id, amount)),
    ${numbering}
    select count(*)::integer as posted from e`,
  );
}
