/**
 * Prospect billing (Billing Peserta PSB, api/ROUTES.md): the list, one bill, a payment and the receipt's data.
 * Finance editors only, scoped to the active branch. The payment is the student bills' engine with the prospect
 * kind (`PROSPECT_BILLS`); the rules are in api/ROUTES.md "Prospect billing".
 */
import {
  type Paged,
  type ProspectiveBilling,
  type ProspectiveBillingDetail,
  type ProspectiveBillingPaymentReceipt,
  ROUTES,
} from '@keuangan/shared/contract';
import { ROUTE_INPUTS } from '@keuangan/shared/contract/inputs';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/guard';
import { prospective_billings, psb_event_prospectives } from '../db/schema';
import { payFromRequest } from '../ledger/engine';
import { PROSPECT_BILLS } from '../ledger/prospect-bills-queries';
import { orderOf, pagedResponse } from '../lib/paging';
import { pathId, validate } from '../lib/validate';
import { routeDocs } from '../openapi/route-docs';
import {
  countProspectBills,
  loadProspectBillDetail,
  loadProspectReceipt,
  prospectBillCondition,
  selectProspectBills,
  toProspectBill,
} from './queries';

const ORDER_COLUMNS = {
  id: prospective_billings.id,
  bill_number: prospective_billings.bill_number,
  bill_date: prospective_billings.bill_date,
  name: psb_event_prospectives.name,
  reg_number: psb_event_prospectives.reg_number,
  total_billing: prospective_billings.total_billing,
};

const documented = routeDocs('Prospect billing');

export async function prospectBillingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const guard = { preHandler: app.financeEditor };

  app.get(
    ROUTES.prospectBilling.bills.local,
    documented(guard, {
      summary: 'Bills of admission and transfer prospects, paged',
      response: 'ProspectiveBillingPage',
    }),
    async (request): Promise<Paged<ProspectiveBilling>> => {
      const scope = requireAuth(request);
      const query = validate(ROUTE_INPUTS.prospectBilling.bills.query, request.query);
      const where = prospectBillCondition(scope, query);
      const [rows, counted] = await Promise.all([
        selectProspectBills(db)
          .where(where)
          .orderBy(...orderOf(ORDER_COLUMNS, query, prospective_billings.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        countProspectBills(db, where),
      ]);
      return pagedResponse(rows.map(toProspectBill), counted, query.page, query.limit);
    },
  );

  app.get(
    ROUTES.prospectBilling.bill.local,
    documented(guard, {
      summary: "One prospect's bill with items and payments",
      input: 'none',
      response: 'ProspectiveBillingDetail',
    }),
    async (request): Promise<ProspectiveBillingDetail> =>
      loadProspectBillDetail(db, requireAuth(request), pathId(request)),
  );

  app.get(
    ROUTES.receipts.prospectPayment.local,
    documented(guard, {
      summary: 'One prospect payment as its receipt shows it',
      input: 'none',
      response: 'ProspectiveBillingPaymentReceipt',
    }),
    async (request): Promise<ProspectiveBillingPaymentReceipt> =>
      loadProspectReceipt(db, requireAuth(request), pathId(request)),
  );

  app.post(
    ROUTES.prospectBilling.pay.local,
    documented(guard, {
      summary: "Pay items of a prospect's bill (200 replays a payment already made)",
      response: 'ProspectiveBillingPaymentReceipt',
      status: [201, 200],
      idempotent: true,
    }),
    async (request, reply): Promise<ProspectiveBillingPaymentReceipt> => {
      const { prospective_billing_items: lines, ...body } = validate(
        ROUTE_INPUTS.prospectBilling.pay.body,
        request.body,
      );
      const { auth, paymentId } = await payFromRequest(
        app.database,
        PROSPECT_BILLS,
        request,
        reply,
        lines,
        body,
      );
      return loadProspectReceipt(db, auth, paymentId);
    },
  );
}
