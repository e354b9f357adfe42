/**
 * `@keuangan/shared/shell`: what the signed-in frame and the dashboard need beyond the core: display helpers
 * (formatters, code labels, colours, print marks, amounts in words), AntdProvider, the icons and the page
 * header, and AppProviders for a remote run on its own. Its own Module Federation singleton. Its antd components come by
 * their own paths (`antd/es/...`), so the first screen after sign-in does not load the whole shared antd
 * (tables, pickers, selects): that waits for the first data screen. The host compiles those paths and the
 * shared antd from the same files, so the page still holds one copy of each component and one ConfigProvider
 * context. `@keuangan/shared` re-exports this by package name.
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
