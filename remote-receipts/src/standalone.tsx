import { mountStandalone } from '@keuangan/shared';
import ReceiptsRoutes from './routes';

// Development only: this remote on its own origin, without the host (see README, "Developing a remote").
mountStandalone({ areas: ['receipts'], AreaRoutes: ReceiptsRoutes });
