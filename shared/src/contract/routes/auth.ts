/** The session's routes, apart: the login page's part of shared (core) takes only these (shared/README.md). */
import type { HandoffResponse, PasswordChangeResponse, SessionUser, TokenResponse } from '../auth';
import { HandoffExchangeSchema, LoginRequestSchema, PasswordChangeSchema } from '../auth';
import type { MessageResponse } from '../common';
import { answer, get, post } from './define';

export const AUTH_ROUTES = {
  login: post('/api/auth/login', answer<TokenResponse>(), { body: LoginRequestSchema }),
  me: get('/api/auth/me', answer<SessionUser>()),
  logout: post('/api/auth/logout', answer<MessageResponse>()),
  setActiveBranch: get('/api/auth/set-active-branch/:branchId', answer<TokenResponse>()),
  handoff: post('/api/auth/handoff', answer<HandoffResponse>()),
  handoffExchange: post('/api/auth/handoff/exchange', answer<TokenResponse>(), {
    body: HandoffExchangeSchema,
  }),
  updatePassword: post('/api/profile/update-password', answer<PasswordChangeResponse>(), {
    body: PasswordChangeSchema,
  }),
};
