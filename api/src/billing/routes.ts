/**
 * Student billing and payments (api/ROUTES.md "Billing" and the two PDFs), one folder per resource: reading bills
 * (bills/), charging, confirming and deleting (charging/), items (items/) and paying (payments/). Finance editors
 * only, scoped to the active branch; the money formulas are the contract's.
 */
import type { FastifyInstance } from 'fastify';
import { billReadRoutes } from './bills/routes';
import { chargeRoutes } from './charging/routes';
import { itemRoutes } from './items/routes';
import { paymentRoutes } from './payments/routes';

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  await billReadRoutes(app);
  await chargeRoutes(app);
  await itemRoutes(app);
  await paymentRoutes(app);
}
