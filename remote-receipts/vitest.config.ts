export { default } from '@keuangan/shared/build/vitest';
