// The shared package's jsdom set-up (cleanup, fake API reset, layout stand-ins), plus a signed-in
// finance user in branch 1, as the host leaves it before it opens this remote.
import './setup';
import { sessionStore, setConfig } from '@keuangan/shared';
import { afterEach, beforeEach } from 'vitest';
import { makeUser } from './fixtures';

beforeEach(() => {
  setConfig({ baseUrl: 'http://api.test', titaniumUrl: 'http://titanium.test' });
  sessionStore.getState().setToken('token-1');
  sessionStore.setState({ user: makeUser() });
});

afterEach(() => {
  sessionStore.getState().logout();
  sessionStorage.clear();
});
