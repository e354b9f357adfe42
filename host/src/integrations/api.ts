/** Token Integrasi's requests, one function or hook each (docs/architecture.md "Code layout"). */
import { type EmbedTokenCreate, ROUTES, useApi, usePagedQuery } from '@keuangan/shared';
import { useMemo } from 'react';

/** `GET /api/embed-tokens`: the branch's tokens, newest first. */
export const useEmbedTokenList = () => usePagedQuery(ROUTES.admin.embedTokens(), { sort: 'desc' });

/** Minting, revoking, and the student choice of the mint form. */
export function useEmbedTokenApi() {
  const { apiGet, apiPost } = useApi();
  return useMemo(
    () => ({
      /** `POST /api/embed-tokens`: the answer holds the token, shown once. */
      mint: (values: EmbedTokenCreate) => apiPost(ROUTES.admin.mintEmbedToken(), values),
      /** `POST /api/embed-tokens/{id}/revoke`: refused at once, on every instance. */
      revoke: (id: number) => apiPost(ROUTES.admin.revokeEmbedToken({ id })),
      /** `GET /api/student`: up to 20 students whose name or NIS contains `text`. */
      findStudents: (text: string, signal: AbortSignal) =>
        apiGet(ROUTES.people.students(), { q: text, limit: 20 }, { signal }),
    }),
    [apiGet, apiPost],
  );
}
