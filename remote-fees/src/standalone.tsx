import { mountStandalone } from '@keuangan/shared';
import FeesRoutes from './routes';

// Development only: this remote on its own origin, without the host (see README, "Developing a remote").
mountStandalone({ areas: ['student-fee-component', 'student-auto-fee'], AreaRoutes: FeesRoutes });
