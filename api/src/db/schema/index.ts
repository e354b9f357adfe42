/**
 * The whole Keuangan schema (docs/), designed up front so later work adds endpoints, not tables.
 *
 * Conventions:
 * - Property names are the column names and the API field names (snake_case), so rows map to responses as-is.
 * - Every row of branch data carries `client_id` and `branch_id`; queries filter on both (see lib/scope.ts).
 * - Money is whole rupiah in `bigint` (mode 'number': safe up to 9 quadrillion), never floats.
 * - Dates are `date` columns read as 'YYYY-MM-DD' strings; months are 'YYYY-MM' (`mm`).
 * - Ids are identity columns "by default", so the seed can assign deterministic ids (and then bumps the sequences).
 *
 * One file per domain, each exporting its tables (and nothing else): access.ts (tenancy, users and access),
 * reference.ts (global reference lists), staff.ts, school.ts (academic structure), students.ts (students, their
 * classes, and the admissions (PSB) and transfers they come through), fees.ts, billing.ts (student bills and
 * items), books.ts (chart of accounts and journal), books-periods.ts (Tutup Buku), books-sums.ts (the journal's kept sums), discounts.ts (discount rules and student categories), payments.ts (student payments), prospect-billing.ts, operations.ts (numbering, settings, cash closings,
 * audit log, embed tokens, receipt links), bank-reconciliation.ts (bank accounts, statements, their lines), online-payments.ts (gateway charges,
 * notifications, Saldo Titipan). The column builders and groups they share are in columns.ts and
 * column-groups.ts, not exported here. No two files import each other (`pnpm lint` refuses import cycles).
 * `pnpm db:generate` reads this file (drizzle.config.ts).
 */
export * from './access';
export * from './bank-reconciliation';
export * from './billing';
export * from './books';
export * from './books-periods';
export * from './books-sums';
export * from './discounts';
export * from './fees';
export * from './instalments';
export * from './online-payments';
export * from './operations';
export * from './payments';
export * from './prospect-billing';
export * from './reference';
export * from './school';
export * from './staff';
export * from './students';
