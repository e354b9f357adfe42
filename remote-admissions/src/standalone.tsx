import { mountStandalone } from '@keuangan/shared';
import AdmissionsRoutes from './routes';

// Development only: this remote on its own origin, without the host (see README, "Developing a remote").
mountStandalone({
  areas: ['psb-event-prospective', 'mutation-event-prospective', 'student', 'class', 'class-student'],
  AreaRoutes: AdmissionsRoutes,
});
