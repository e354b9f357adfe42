// Public surface of @keuangan/shared: one instance per page (a Module Federation shared singleton).
export * from './api-client';
export * from './config';
export * from './contract';
export * from './filters';
export * from './format';
export * from './labels';
export * from './session';
export * from './standalone';
export * from './toast';
export * from './ui/AppProviders';
export * from './ui/ComingSoon';
export * from './ui/ConfirmDialog';
export * from './ui/FormField';
export * from './ui/icons';
export * from './ui/PagedTable';
export * from './ui/PageHeader';
export * from './ui/usePagedQuery';
