import { mountStandalone } from '@keuangan/shared';
import StaffRoutes from './routes';

// Development only: this remote on its own origin, without the host (see README, "Developing a remote").
mountStandalone({ areas: ['employee', 'audit-log'], AreaRoutes: StaffRoutes });
