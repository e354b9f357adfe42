/** The product's name and version, on the login page and in the layout's header and footer. */
export const APP_NAME = 'Keuangan';
export const APP_VERSION = '0.1.0';
