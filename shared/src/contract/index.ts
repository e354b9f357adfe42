/**
 * The API contract: request/response types and the valibot schemas of validated input, shared by the
 * screens and the server so the two cannot drift. No React here: the API imports this entry point.
 */
export * from './admissions';
export * from './allocation';
export * from './audit';
export * from './auth';
export * from './bank-reconciliation';
export * from './billing';
export * from './books';
export * from './books-chart';
export * from './books-ledger';
export * from './cash-closing';
export * from './cash-count';
export * from './class';
export * from './codes';
export * from './common';
export * from './discount-rules';
export * from './document-paths';
export * from './embed';
export * from './employee';
export * from './fee-component';
export * from './fields';
export * from './fixed-va';
export * from './instalment-plans';
export * from './money';
export * from './online-payments';
export * from './online-settings';
export * from './profile';
export * from './prospect-billing';
export * from './query';
export * from './receipts';
export * from './reference';
export * from './reminders';
export * from './reports';
export * from './roles';
export * from './routes';
export * from './rupiah';
export * from './screens';
export * from './statement';
export * from './student';
export * from './student-credit';
export * from './student-credit-report';
export * from './time-zone';
export * from './words';
