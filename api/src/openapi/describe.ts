/**
 * One route's part of the OpenAPI document, from its table entry and its docs (route-docs.ts): requests from the
 * valibot schemas the handler validates with (what a client sends: `typeMode: 'input'`, before transforms),
 * answers by name from the generated responses.json, every refusal as the one error shape (docs/validation.md).
 */
import {
  type AnyApiRoute,
  BANK_STATEMENT_FIELD,
  BANK_STATEMENT_MAX_BYTES,
  EMPLOYEE_PHOTO_FIELD,
  EMPLOYEE_PHOTO_MAX_BYTES,
} from '@keuangan/shared/contract';
import { inputsOf } from '@keuangan/shared/contract/inputs';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { EmbedAccess, RouteDocs, RouteInput } from './route-docs';

/** A route of the app's table (`app.routeTable`, built in app.ts): what the docs and their test read of it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** `public`: no session; `file`: outside /api, served to anyone (uploads). */
  access: 'public' | 'authenticated' | 'financeEditor' | 'file';
  /** What embed tokens may call it (auth/embed-tokens.ts); absent: none. */
  embed?: EmbedAccess;
}

type JsonSchema = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/**
 * What the client sends. Checks valibot cannot say in JSON Schema (v.check, transforms) are left out: the
 * route's 422 answer names what failed.
 */
export function requestSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as JsonSchema;
  return rest;
}

/** `:id`-style parameters of a path; ids are positive whole numbers (anything else is 404). */
function pathParams(url: string): JsonSchema | undefined {
  const names = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  if (names.length === 0) return undefined;
  const id = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' };
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, /id$/i.test(n) ? id : { type: 'string' }])),
    required: names,
  };
}

const PHOTO_BODY = {
  type: 'object',
  properties: {
    [EMPLOYEE_PHOTO_FIELD]: {
      type: 'string',
      format: 'binary',
      description: `JPEG or PNG, at most ${EMPLOYEE_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
    },
  },
  required: [EMPLOYEE_PHOTO_FIELD],
};

const STATEMENT_BODY = {
  type: 'object',
  properties: {
    [BANK_STATEMENT_FIELD]: {
      type: 'string',
      format: 'binary',
      description: `CSV or XLSX in the account's layout, at most ${BANK_STATEMENT_MAX_BYTES / 1024 / 1024} MB`,
    },
  },
  required: [BANK_STATEMENT_FIELD],
};

const STATUS_WORDS: Record<number, string> = { 200: 'Success', 201: 'Created' };

const ACCESS: Record<RouteEntry['access'], string> = {
  public: 'No session needed.',
  authenticated: 'Any signed-in user.',
  financeEditor: 'Finance editors only (docs/roles.md#finance-editor); other users get 403.',
  file: '',
};

/**
 * What a route reads: the body and query schemas of its table entry (docs/architecture.md#the-route-table), the
 * ones its handler validates with, and what its docs add. A body declared in both is refused: one home each.
 */
export function routeInput(docs: RouteDocs, route: AnyApiRoute | undefined): RouteInput {
  const own = docs.input === 'none' || docs.input === undefined ? {} : docs.input;
  const { body, query } = route ? inputsOf(route) : {};
  if (own.body && body)
    throw new Error(`${route?.method} ${route?.path}: body in its docs and in the route table`);
  return { ...(body ? { body } : {}), ...(query ? { query } : {}), ...own };
}

/** The route's schema in @fastify/swagger's shape (its `transform` hook), for documentation only. */
export function describeRoute(
  docs: RouteDocs,
  url: string,
  entry: RouteEntry | undefined,
  route?: AnyApiRoute,
): JsonSchema {
  const input = routeInput(docs, route);
  const params = input.params ? requestSchema(input.params) : pathParams(url);
  const success = docs.status ?? [200];
  const answer =
    typeof docs.response === 'string'
      ? json(ref(docs.response))
      : Object.fromEntries(
          [docs.response.file].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        );
  const error = { content: json(ref('ApiErrorBody')) };
  // auth/embed-tokens.ts embedReaches: any embed token reads; only a billing:pay one pays.
  const embed = !entry?.embed
    ? ''
    : entry.embed === 'read'
      ? ' Embed tokens may call it too, for their branch (and their student, when the token names one).'
      : entry.embed === 'pay_online'
        ? ' Embed tokens of scope billing:pay may call it too (kasir or not), for their branch (and student).'
        : ' Embed tokens of scope billing:pay may call it too, for their branch (and student).';
  return {
    tags: [docs.tag],
    summary: docs.summary,
    description: `${entry ? ACCESS[entry.access] : ''}${embed}`.trim(),
    security:
      entry?.access === 'public' ? [] : [{ session: [] }, ...(entry?.embed ? [{ embedToken: [] }] : [])],
    ...(docs.input === 'none' ? { 'x-takes-no-input': true } : {}),
    ...(params ? { params } : {}),
    ...(input.query ? { querystring: requestSchema(input.query) } : {}),
    ...(input.body === 'photo' || input.body === 'statement'
      ? { consumes: ['multipart/form-data'], body: input.body === 'photo' ? PHOTO_BODY : STATEMENT_BODY }
      : input.body
        ? { body: requestSchema(input.body) }
        : {}),
    ...(docs.idempotent
      ? {
          headers: {
            type: 'object',
            properties: {
              'Idempotency-Key': {
                type: 'string',
                description:
                  'A fresh key per intended payment: a retry with it answers the payment already made (200).',
              },
            },
          },
        }
      : {}),
    response: {
      '4XX': { description: 'Refused: `message` says why, `errors` names the fields at fault', ...error },
      503: { description: 'Database unavailable: try again after Retry-After seconds', ...error },
      // Declared statuses last: /api/ready answers its own shape with 503.
      ...Object.fromEntries(
        success.map((status) => [
          status,
          { description: STATUS_WORDS[status] ?? 'See the summary', content: answer },
        ]),
      ),
    },
  };
}
