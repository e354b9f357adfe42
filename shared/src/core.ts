/**
 * `@keuangan/shared/core`: what the front door needs (config, API client, session, toasts, theme, name, `Panel`),
 * its own Module Federation singleton: /login loads it without antd, formatters, contract or react-hook-form (the
 * form hook is `@keuangan/shared/form`; README "Measuring"). The other parts import it by this package name, never
 * by relative path, so the page holds ONE session store and client.
 */
export * from './api-client';
export * from './api-context';
export * from './config';
export * from './product';
export * from './session';
export * from './theme';
export * from './toast';
export * from './ui/Panel';
