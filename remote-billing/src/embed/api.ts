/** The embedded view's own request (docs/architecture.md "Code layout"): on the view's client, with its token. */
import { type ApiClient, ROUTES } from '@keuangan/shared';

/** `GET /api/embed/session`: what the token may do, for which student and branch. */
export const fetchEmbedSession = (api: ApiClient, studentId: number, signal: AbortSignal) =>
  api.apiGet(ROUTES.admin.embedSession(), { student_id: studentId }, { signal });
