/**
 * `@keuangan/shared/shell`: what the signed-in frame and the dashboard need beyond the core (display helpers,
 * AntdProvider, icons, page header, AppProviders), its own singleton. Its antd components come by their own
 * paths (`antd/es/...`), so the first screen after sign-in does not load the whole shared antd.
 */
export * from './antd-provider';
export * from './color';
export * from './contract/words';
export * from './format';
export * from './labels';
export * from './print';
export * from './ui/AppProviders';
export * from './ui/icons';
export * from './ui/PageHeader';
