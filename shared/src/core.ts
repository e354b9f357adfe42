/**
 * `@keuangan/shared/core`: the UI-free half of the shared package (config, API client, session,
 * formatters, labels, toasts, contract), its own Module Federation singleton. It loads without antd,
 * which is what keeps the login page small. The UI half (`@keuangan/shared`) imports it by this
 * package name, never by relative path, so the page still holds ONE session store and client.
 */
export * from './api-client';
export * from './color';
export * from './config';
export * from './contract';
export * from './form';
export * from './format';
export * from './labels';
export * from './print';
export * from './session';
export * from './theme';
export * from './toast';
export * from './words';
