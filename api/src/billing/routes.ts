/**
 * Student billing and payments (api/ROUTES.md "Billing" and the two PDFs), one file per resource: reading bills
 * (bill-routes.ts), charging and confirming (charge-routes.ts), items (item-routes.ts) and paying
 * (payment-routes.ts). Finance editors only, scoped to the active branch; the money formulas are the contract's.
 */
import type { FastifyInstance } from 'fastify';
import { billReadRoutes } from './bill-routes';
import { chargeRoutes } from './charge-routes';
import { itemRoutes } from './item-routes';
import { paymentRoutes } from './payment-routes';

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  await billReadRoutes(app);
  await chargeRoutes(app);
  await itemRoutes(app);
  await paymentRoutes(app);
}
