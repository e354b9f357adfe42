/**
 * Student billing and payments (Billing Siswa, docs/screens.md, docs/data.md, docs/validation.md, docs/roles.md, api/ROUTES.md, docs/money.md#constants-and-limits): the rows the API returns, the schemas of
 * every validated payload (the screens and the server share them, so the messages cannot drift), and the
 * money rules written down once: an item's totals, a bill's totals, what is due, and the payment form's rules.
 * The screens use these functions to display and propose; the server uses the same ones to decide.
 * Prospect billing (issue 10) reuses the payment rules and the pay payload's shape.
 *
 * One file per theme: codes.ts (codes and limits), totals.ts (the money rules), payment-form.ts (the payment
 * form's rules), rows.ts (the bill rows and the list's query), history.ts (payments and their history),
 * print.ts (receipts and the bills PDF), due.ts (due dates and arrears), charging.ts, confirmation.ts, items.ts, extra.ts and pay.ts (the
 * validated payloads), validators.ts (their field rules, not exported but for `isCalendarDate`).
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
export * from './rows';
export * from './totals';
export { isCalendarDate } from './validators';
