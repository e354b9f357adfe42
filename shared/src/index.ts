// Public surface of @keuangan/shared: one instance per page (a Module Federation shared singleton).
// The UI-free core comes through its own share, by package name (see core.ts).
export * from '@keuangan/shared/core';
export * from './filters';
export * from './standalone';
export * from './ui/AppProviders';
export * from './ui/ComingSoon';
export * from './ui/ConfirmDialog';
export * from './ui/FormField';
export * from './ui/InlineEdit';
export * from './ui/icons';
export * from './ui/inputs';
export * from './ui/ListSearch';
export * from './ui/PagedTable';
export * from './ui/PageHeader';
export * from './ui/PlaceholderRoutes';
export * from './ui/RecordFrame';
export * from './ui/RedirectHome';
export * from './ui/StatusTag';
export * from './ui/useLoad';
export * from './ui/usePagedQuery';
