import { mountStandalone } from '@keuangan/shared';
import BillingRoutes from './routes';

// Development only: this remote on its own origin, without the host (see README, "Developing a remote").
mountStandalone({
  areas: [
    'student-billing',
    'student-billing-payment-history-detail',
    'prospective-billing',
    'mutation-billing',
    'report-prospective-billing',
    'report-mutation-billing',
    'report-student-billing',
    'rekap-kas-harian',
    'rekonsiliasi-bank',
  ],
  AreaRoutes: BillingRoutes,
});
