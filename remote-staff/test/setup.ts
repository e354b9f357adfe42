// The shared package's jsdom set-up (cleanup, fake API reset, layout stand-ins), plus a loaded configuration
// and an empty session after each test.
import '@keuangan/shared/test/setup';
import { sessionStore, setConfig } from '@keuangan/shared';
import { afterEach, beforeEach } from 'vitest';

beforeEach(() => {
  setConfig({ baseUrl: 'http://api.test', titaniumUrl: 'http://titanium.test' });
});

afterEach(() => {
  sessionStore.getState().logout();
});
