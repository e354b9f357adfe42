import { mountStandalone } from '@keuangan/shared';
import ReceiptsRoutes from './routes';

// Development only: this remote on its own origin, without the host (see README, "Developing a remote").
// Open e.g. /student-billing/show/1/receipt-show?studentBillingPaymentId=1 after signing in.
mountStandalone({
  areas: ['student-billing', 'prospective-billing', 'mutation-billing'],
  AreaRoutes: ReceiptsRoutes,
});
