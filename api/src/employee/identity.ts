/**
 * What the server gives a new staff member: a username and a NIP (api/ROUTES.md, "Staff"). Both are chosen
 * inside the creating transaction after `lockStaffNumbering`, so two concurrent adds never pick the same one
 * (the unique indexes on lower(users.uname) and employees (client_id, nip) back this up).
 */
import { NIP_MAX_DIGITS } from '@keuangan/shared/contract';
import type { Tx } from '../db/client';
import { nipNumbers, usernamesStartingWith } from './identity-queries';

export { lockStaffNumbering, nipTaken } from './identity-queries';

const MAX_UNAME = 50;

/**
 * The name in lower case, accents removed, every run of other characters a dot ('Siti Nur\'aini' ->
 * 'siti.nur.aini'), as the demo accounts are named; 'pegawai' when nothing is left. Taken (case-insensitively,
 * by anyone): the first free of name2, name3, ...
 */
export async function nextUsername(tx: Tx, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.+|\.+$/g, '')
      .slice(0, MAX_UNAME - 4)
      .replace(/\.+$/, '') || 'pegawai';
  const taken = await usernamesStartingWith(tx, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** Digits of the number after the year: the numbering counts at most these (exact in a JavaScript number). */
const NIP_NUMBER_DIGITS = NIP_MAX_DIGITS - 4;
const LARGEST_NUMBER = 10 ** NIP_NUMBER_DIGITS - 1;

/**
 * The next NIP of the client for a staff member joining in `year`: `{YYYY}{NNNN}`, the year then a number of
 * four to NIP_NUMBER_DIGITS digits counted per year (the demo data's format, e.g. 20260001). NIPs of that year
 * whose number is longer (stored before the bound existed) are ignored, never misread. Once the highest number
 * cannot grow, the lowest free one is taken: the numbering never repeats a NIP in use and never fails.
 */
export async function nextNip(tx: Tx, clientId: number, year: string): Promise<string> {
  const pattern = `^${year}[0-9]{4,${NIP_NUMBER_DIGITS}}$`;
  const row = await nipNumbers(tx, clientId, pattern);
  const next = Number(row?.last ?? 0) + 1;
  return `${year}${String(next <= LARGEST_NUMBER ? next : Number(row?.free)).padStart(4, '0')}`;
}
