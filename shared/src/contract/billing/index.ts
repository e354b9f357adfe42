/**
 * Student billing and payments (docs/money.md, docs/screens.md): the rows the API returns, the schemas of every
 * payload the screens and the server share, and the money rules written once, which the screens use to propose
 * and the server to decide. One file per theme (totals, payment-form, due, rows, history, print, the payloads).
 */
export * from './charging';
export * from './codes';
export * from './confirmation';
export * from './due';
export * from './extra';
export * from './history';
export * from './instalments';
export * from './items';
export * from './pay';
export * from './payment-form';
export * from './print';
export * from './query-strings';
export * from './rows';
export * from './totals';
export { isCalendarDate } from './validators';
