// Public surface of @keuangan/shared (filled in by the foundation work).
export * from './contract';
