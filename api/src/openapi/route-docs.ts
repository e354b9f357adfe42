/**
 * What a route says about itself for the API description at /api/docs (docs/decisions.md#the-api-describes-itself):
 * what it reads beyond its table entry's schemas (docs/architecture.md#the-route-table) and the name of its answer. Kept in the route's `config`, so
 * Fastify neither validates nor serializes with it: valibot stays the one validator, answers are sent as they are.
 */
import type {
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteShorthandOptions,
} from 'fastify';
import type * as v from 'valibot';
import type { ResponseName, ResponseTypes } from './responses';

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV = 'text/csv; charset=utf-8';

/**
 * What a route lets embed tokens do: `read` (both scopes), `pay` (counter payments: a `billing:pay` kasir token)
 * or `pay_online` (online charges: any `billing:pay` token); auth/embed-tokens.ts.
 */
export type EmbedAccess = 'read' | 'pay' | 'pay_online';

/**
 * The request parts a route reads that its table entry cannot carry: path parameters (the schema its handler
 * passes to `validate`, lib/validate.ts) or the one file of a multipart upload. Body and query schemas live in
 * the entry only (docs/architecture.md#the-route-table).
 */
export interface RouteExtras {
  /** Path parameters; absent: each `:name` of the path is a positive whole number (lib/validate.ts pathId). */
  params?: v.GenericSchema;
  /** The upload: a staff photo or a bank statement. */
  body?: 'photo' | 'statement';
}

/** Everything a route reads, as described: its entry's body and query, and its docs' extras. */
export interface RouteInput {
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  body?: v.GenericSchema | 'photo' | 'statement';
}

export interface RouteDocs {
  /** The feature, as the UI groups routes. */
  tag: string;
  /** One line: what the route does. */
  summary: string;
  /** What the route reads besides its table entry's body and query; 'none': nothing but the path's parameters. */
  input?: RouteExtras | 'none';
  /** The success answer: a named type (responses.ts) or a file of this media type (or of one of these). */
  response: ResponseName | { file: string | readonly string[] };
  /** Success statuses; default [200]. */
  status?: number[];
  /** Takes an Idempotency-Key header (docs/money.md#idempotent-payments). */
  idempotent?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's part of the API description (openapi/route-docs.ts). */
    openapi?: RouteDocs;
  }
}

/** The type a route's docs name as its answer (unknown for a file). */
type AnswerOf<D> = D extends { response: infer N extends ResponseName } ? ResponseTypes[N] : unknown;

/**
 * Route options with the route's docs added: `app.get(path, documented(guard, {...}), handler)`. One per
 * feature file: `const documented = routeDocs('Billing')`. The options carry the answer's type as the route's
 * Reply, so a handler returning something else than its docs name does not compile.
 */
export function routeDocs(tag: string) {
  return <const D extends Omit<RouteDocs, 'tag'>>(options: RouteShorthandOptions, docs: D) =>
    ({ ...options, config: { ...options.config, openapi: { tag, ...docs } } }) as RouteShorthandOptions<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      { Reply: AnswerOf<D> }
    >;
}
