/**
 * Generated malformed requests (fast-check): bad path values, bad queries and bad bodies of every kind the
 * review named: wrong types, NUL characters, 20,000-character strings, numbers beyond 2^53, negative amounts,
 * arrays where objects go, unknown fields, invalid JSON, deep nesting and wrong content types.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../src/openapi/describe';
import { paramNames, urlOf } from './requests';

const LONG = 'x'.repeat(20_000);
/** Field names the API's bodies and queries use: a generated one hits real validation more often. */
const FIELDS = [
  'id',
  'q',
  'page',
  'limit',
  'orderby',
  'sort',
  'name',
  'email',
  'password',
  'code',
  'field',
  'value',
  'price',
  'amount',
  'discount',
  'qty',
  'item_ids',
  'items',
  'branch_ids',
  'roles',
  'fe',
  'nip',
  'birth_date',
  'gender_id',
  'religion_id',
  'ethnic_id',
  'marital_status_id',
  'department_id',
  'year_of_study_id',
  'yos_periode_id',
  'level_id',
  'class_id',
  'student_id',
  'fee_type_id',
  'ftype',
  'mm',
  'description',
  'ptype',
  'payment_date',
  'payer_name',
  'note',
  'old_password',
  'new_password',
  'new_password_confirmation',
];

const badText = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constant(LONG),
  fc.constantFrom('9007199254740993', '99999999999999999999', '1e400', '-1', '-0', '0', 'NaN', '1.5', ''),
  fc.constantFrom(
    '../../etc/passwd',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '<script>',
    '🙂'.repeat(50),
    '2026-02-30',
  ),
  fc.string({ maxLength: 30 }),
);

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  fc.constantFrom(2 ** 53 + 2, 2 ** 63, -1, -1_000_000, 1e308, -0.5, 1.5, 0, true, false, null),
  fc.array(fc.oneof(badText, fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(badText, fc.integer()), { maxKeys: 3 }),
  fc.anything({ maxDepth: 2 }),
);

type Body = { contentType: string; payload: string } | undefined;

const json = (value: unknown): Body => ({ contentType: 'application/json', payload: JSON.stringify(value) });

/** Bodies that no route accepts: never an empty object, never absent (an absent body is a valid request). */
const badBody: fc.Arbitrary<Body> = fc.oneof(
  // Objects of known and unknown fields, every value a bad one.
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...FIELDS), badValue, { minKeys: 1, maxKeys: 8 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
    )
    .map(([known, unknown]) => json({ ...unknown, ...known })),
  // Arrays and bare values where an object goes.
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }).map(json),
  fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string({ maxLength: 20 }), fc.boolean()).map(json),
  // Invalid JSON.
  fc.string({ maxLength: 40 }).map((s) => ({ contentType: 'application/json', payload: `{"a":${s}` })),
  // Deep nesting.
  fc
    .integer({ min: 500, max: 5000 })
    .map((n) => ({ contentType: 'application/json', payload: `${'['.repeat(n)}${']'.repeat(n)}` })),
  // Wrong content types.
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data',
      'multipart/form-data; boundary=xx',
      'application/json; charset=utf-16',
    ),
    payload: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constant('--xx\r\nContent-Disposition: form-data\r\n\r\n'),
    ),
  }),
);

const badQuery = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ minLength: 1, maxLength: 10 })),
  fc.oneof(
    badText.map((v) => [v]),
    fc.array(badText, { minLength: 2, maxLength: 3 }),
  ),
  { maxKeys: 5 },
);

export interface MalformedCase {
  params: Record<string, string>;
  query: Record<string, string[]>;
  body: Body;
}

/** An id no table holds. */
const NO_SUCH_ID = 999_999_999;

/**
 * Cases for one route. Path values are bad ones, an id nothing has, or, except for DELETE, ids of the caller's
 * own rows (so the route gets past its lookup and meets the bad query or body). A DELETE takes its target from
 * the path alone: a real id would make a well-formed request.
 */
export function malformedCases(route: RouteEntry, ownIds: number[]): fc.Arbitrary<MalformedCase> {
  const usable = route.method === 'DELETE' ? [NO_SUCH_ID] : [...ownIds, NO_SUCH_ID];
  const param = fc.oneof(badText, fc.constantFrom(...usable.map(String)));
  const params = fc.record(Object.fromEntries(paramNames(route.url).map((name) => [name, param])));
  const body = route.method === 'GET' ? fc.constant(undefined) : badBody;
  return fc.record({ params, query: badQuery, body }) as fc.Arbitrary<MalformedCase>;
}

export function malformedInject(route: RouteEntry, c: MalformedCase, token: string): InjectOptions {
  const path = urlOf(route.url, c.params);
  const search = Object.entries(c.query)
    .flatMap(([k, values]) => values.map((v) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
    .join('&');
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (c.body) headers['content-type'] = c.body.contentType;
  return {
    method: route.method as InjectOptions['method'],
    url: search ? `${path}?${search}` : path,
    headers,
    ...(c.body ? { payload: c.body.payload } : {}),
  };
}
