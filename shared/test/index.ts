// The jsdom test helpers of the host and the remotes, one entry of the package (`@keuangan/shared/test`):
// for tests only, never a federation share (shared/README.md, "Tests").
export { choose } from './antd';
export {
  type FakeAnswer,
  type FakeRoutes,
  installFakeApi,
  type RecordedRequest,
  restoreApi,
} from './fake-api';
export { makeUser } from './fixtures';
export { CLASS_MONTH_REFERENCES } from './reference-routes';
export { renderRoutes } from './router';
