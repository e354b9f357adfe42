/**
 * `@keuangan/shared/core`: what the front door needs and no more (config, API client, session, toasts, the
 * theme, the product's name, a Card-like `Panel`), its own Module Federation singleton. /login loads it without
 * antd, the formatters or the contract, which keeps the login page small (README "Measuring"). The other parts import it by this package name, never by relative path, so the page
 * holds ONE session store and client. The form hook is not here: it brings react-hook-form, which the
 * dashboard does not show (`@keuangan/shared/form`, re-exported by the screens' part).
 */
export * from './api-client';
export * from './api-context';
export * from './config';
export * from './product';
export * from './session';
export * from './theme';
export * from './toast';
export * from './ui/Panel';
