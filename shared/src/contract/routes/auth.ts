/** The session's routes, apart: the login page's part of shared (core) takes only these (shared/README.md). */
import type {
  HandoffExchangeSchema,
  HandoffResponse,
  LoginRequestSchema,
  PasswordChangeResponse,
  PasswordChangeSchema,
  SessionUser,
  TokenResponse,
} from '../auth';
import type { MessageResponse } from '../common';
import { answer, get, post, schema } from './define';

export const AUTH_ROUTES = {
  login: post('/api/auth/login', answer<TokenResponse>(), { body: schema<typeof LoginRequestSchema>() }),
  me: get('/api/auth/me', answer<SessionUser>()),
  logout: post('/api/auth/logout', answer<MessageResponse>()),
  setActiveBranch: get('/api/auth/set-active-branch/:branchId', answer<TokenResponse>()),
  handoff: post('/api/auth/handoff', answer<HandoffResponse>()),
  handoffExchange: post('/api/auth/handoff/exchange', answer<TokenResponse>(), {
    body: schema<typeof HandoffExchangeSchema>(),
  }),
  updatePassword: post('/api/profile/update-password', answer<PasswordChangeResponse>(), {
    body: schema<typeof PasswordChangeSchema>(),
  }),
};
