/**
 * What every part of the demo data shares: the rows being built (table by table, in an order that satisfies
 * the foreign keys), an id counter per table, the seeded random numbers and the dates everything is relative
 * to. The parts add rows in a fixed order, so the same day always gives the same rows (ids included).
 */
import type * as s from '../db/schema';
import { addMonths, monthOf } from '../lib/time';
import { Random } from './random';

export type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** All rows, table by table, in an order that satisfies the foreign keys. */
export interface SeedRows {
  clients: Row<typeof s.clients>[];
  branches: Row<typeof s.branches>[];
  document_sequences: Row<typeof s.document_sequences>[];
  roles: Row<typeof s.roles>[];
  religions: Row<typeof s.religions>[];
  ethnics: Row<typeof s.ethnics>[];
  relationship_types: Row<typeof s.relationship_types>[];
  psb_event_stypes: Row<typeof s.psb_event_stypes>[];
  users: Row<typeof s.users>[];
  user_roles: Row<typeof s.user_roles>[];
  user_branches: Row<typeof s.user_branches>[];
  employees: Row<typeof s.employees>[];
  departments: Row<typeof s.departments>[];
  periodes: Row<typeof s.periodes>[];
  fee_types: Row<typeof s.fee_types>[];
  years_of_study: Row<typeof s.years_of_study>[];
  yos_periodes: Row<typeof s.yos_periodes>[];
  levels: Row<typeof s.levels>[];
  batches: Row<typeof s.batches>[];
  classes: Row<typeof s.classes>[];
  student_auto_fees: Row<typeof s.student_auto_fees>[];
  psb_events: Row<typeof s.psb_events>[];
  psb_event_fees: Row<typeof s.psb_event_fees>[];
  psb_event_prospectives: Row<typeof s.psb_event_prospectives>[];
  psb_event_prospective_fees: Row<typeof s.psb_event_prospective_fees>[];
  students: Row<typeof s.students>[];
  class_students: Row<typeof s.class_students>[];
  discount_rules: Row<typeof s.discount_rules>[];
  discount_rule_students: Row<typeof s.discount_rule_students>[];
  student_categories: Row<typeof s.student_categories>[];
  student_fee_components: Row<typeof s.student_fee_components>[];
  student_billings: Row<typeof s.student_billings>[];
  student_billing_items: Row<typeof s.student_billing_items>[];
  student_billing_payments: Row<typeof s.student_billing_payments>[];
  student_billing_item_payments: Row<typeof s.student_billing_item_payments>[];
  instalment_plans: Row<typeof s.instalment_plans>[];
  bill_item_instalments: Row<typeof s.bill_item_instalments>[];
  prospective_billings: Row<typeof s.prospective_billings>[];
  prospective_billing_items: Row<typeof s.prospective_billing_items>[];
  prospective_billing_payments: Row<typeof s.prospective_billing_payments>[];
  prospective_billing_item_payments: Row<typeof s.prospective_billing_item_payments>[];
}

export interface SeedContext {
  rows: SeedRows;
  /** The next id of each table. */
  ids: Record<keyof SeedRows, () => number>;
  rnd: Random;
  today: string;
  /** 'YYYY-MM' of today, and of the month before: the two months that have bills. */
  thisMonth: string;
  lastMonth: string;
  year: number;
  /** The first calendar year of the current academic year (which runs July to June). */
  currentStart: number;
}

/** An id generator per table. */
function counter() {
  let last = 0;
  return () => ++last;
}

export function createContext(today: string): SeedContext {
  const rows: SeedRows = {
    clients: [],
    branches: [],
    document_sequences: [],
    roles: [],
    religions: [],
    ethnics: [],
    relationship_types: [],
    psb_event_stypes: [],
    users: [],
    user_roles: [],
    user_branches: [],
    employees: [],
    departments: [],
    periodes: [],
    fee_types: [],
    years_of_study: [],
    yos_periodes: [],
    levels: [],
    batches: [],
    classes: [],
    student_auto_fees: [],
    psb_events: [],
    psb_event_fees: [],
    psb_event_prospectives: [],
    psb_event_prospective_fees: [],
    students: [],
    class_students: [],
    discount_rules: [],
    discount_rule_students: [],
    student_categories: [],
    student_fee_components: [],
    student_billings: [],
    student_billing_items: [],
    student_billing_payments: [],
    student_billing_item_payments: [],
    instalment_plans: [],
    bill_item_instalments: [],
    prospective_billings: [],
    prospective_billing_items: [],
    prospective_billing_payments: [],
    prospective_billing_item_payments: [],
  };
  const ids = Object.fromEntries(Object.keys(rows).map((k) => [k, counter()])) as SeedContext['ids'];
  const thisMonth = monthOf(today);
  const year = Number(today.slice(0, 4));
  return {
    rows,
    ids,
    rnd: new Random(20260101),
    today,
    thisMonth,
    lastMonth: addMonths(thisMonth, -1),
    year,
    currentStart: Number(today.slice(5, 7)) >= 7 ? year : year - 1,
  };
}

/** Whole rupiah rounded to the nearest thousand. */
export const rupiah = (value: number) => Math.round(value / 1000) * 1000;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
