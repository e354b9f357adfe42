/**
 * The whole schema, one file per domain (api/README.md "The schema": conventions and the files); `pnpm db:generate`
 * reads this file. Designed up front so later work adds endpoints, not tables.
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
