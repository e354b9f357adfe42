// The shared package's jsdom set-up (cleanup, fake API reset, layout stand-ins), plus a signed-in
// finance user in branch 1, as the host leaves it before it opens this remote.
import '@keuangan/shared/test/setup';
import { sessionStore, setConfig } from '@keuangan/shared';
import { makeUser } from '@keuangan/shared/test';
import { afterEach, beforeEach } from 'vitest';

// jsdom lays nothing out and has no scrollIntoView (Billing Siswa's Tampilkan scrolls to its results).
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  setConfig({ baseUrl: 'http://api.test', titaniumUrl: 'http://titanium.test' });
  sessionStore.getState().setToken('token-1');
  sessionStore.setState({ user: makeUser() });
});

afterEach(() => {
  sessionStore.getState().logout();
  sessionStorage.clear();
});
