import { DEFAULT_AVATAR_PATH, type SessionUser } from '@keuangan/shared/contract';
import { getConfig } from '@keuangan/shared/core';

/** The user's picture on the API server, or the server's default avatar (api/README.md). */
export function userAvatarUrl(user: Pick<SessionUser, 'avatar'>): string {
  const path = user.avatar ? `/uploads/users/${encodeURIComponent(user.avatar)}` : DEFAULT_AVATAR_PATH;
  return `${getConfig().baseUrl}${path}`;
}
