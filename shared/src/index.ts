// Public surface of @keuangan/shared, what the screens import: one instance per page (a Module Federation
// shared singleton). It loads with the first data screen. The front door's core and the signed-in frame's
// shell are singletons of their own, re-exported here by package name (see core.ts and shell.ts); the
// contract is stateless, so the host may also take single schemas from `@keuangan/shared/contract`.
export * from '@keuangan/shared/core';
export * from '@keuangan/shared/shell';
export * from './contract';
export * from './download';
export * from './filters';
export * from './form';
export * from './standalone';
export * from './ui/ComingSoon';
export * from './ui/ConfirmDialog';
export * from './ui/DateInput';
export * from './ui/FormField';
export * from './ui/InlineEdit';
export * from './ui/inputs';
export * from './ui/ListSearch';
export * from './ui/MoneyInput';
export * from './ui/PagedTable';
export * from './ui/PlaceholderRoutes';
export * from './ui/RecordFrame';
export * from './ui/RedirectHome';
export * from './ui/StatusTag';
export * from './ui/StudentPicker';
export * from './ui/useLoad';
export * from './ui/usePagedQuery';
