/**
 * THE route table: every API route the screens call, declared once (docs/architecture.md#the-route-table).
 * The API checks it registers each of them; `pnpm lint` refuses an `/api/` path typed anywhere else.
 */

import { AUTH_ROUTES } from './auth';
import { BILLING_ROUTES, FEE_ROUTES, PROSPECT_BILLING_ROUTES, RECEIPT_ROUTES } from './billing';
import { GATEWAY_ROUTES } from './gateways';
import {
  BANK_ROUTES,
  BOOKS_ROUTES,
  CASH_ROUTES,
  ONLINE_PAYMENT_ROUTES,
  REMINDER_ROUTES,
  REPORT_ROUTES,
} from './money';
import { OPS_ROUTES } from './ops';
import { ADMIN_ROUTES, PEOPLE_ROUTES, REFERENCE_ROUTES } from './people';

export {
  type AnswerOf,
  type AnswerType,
  type AnyApiRoute,
  API_PREFIX,
  type ApiRoute,
  type ApiUrl,
  type BodyOf,
  type BodyType,
  fillPath,
  type HttpMethod,
  type PathParams,
  type QueryOf,
  type QueryType,
} from './define';

export const ROUTES = {
  auth: AUTH_ROUTES,
  reference: REFERENCE_ROUTES,
  people: PEOPLE_ROUTES,
  admin: ADMIN_ROUTES,
  billing: BILLING_ROUTES,
  prospectBilling: PROSPECT_BILLING_ROUTES,
  fees: FEE_ROUTES,
  receipts: RECEIPT_ROUTES,
  cash: CASH_ROUTES,
  bank: BANK_ROUTES,
  onlinePayments: ONLINE_PAYMENT_ROUTES,
  reports: REPORT_ROUTES,
  reminders: REMINDER_ROUTES,
  books: BOOKS_ROUTES,
  ops: OPS_ROUTES,
  gateways: GATEWAY_ROUTES,
};
