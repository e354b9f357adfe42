/**
 * How a route of the table is declared and called (docs/architecture.md#the-route-table): its method, its path
 * with `:param`s, the valibot schema of its input where one exists and its answer type, both as types only: the
 * schemas' values are the API's (routes/inputs.ts), so a page loads neither valibot nor them for the table.
 */
import type * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every path the API serves starts with it; the API registers its routes under it. */
export const API_PREFIX = '/api';

/** The `:param` names of a path: `'/api/x/:id/y/:line'` → `'id' | 'line'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A call's address: a string the client sends as is, carrying as types the route's answer, method and what it
 * reads (`B` the body, `Q` the query; `unknown`: not declared, anything goes).
 */
export type ApiUrl<A = unknown, M extends HttpMethod = HttpMethod, B = unknown, Q = unknown> = string & {
  readonly __answer?: A;
  readonly __method?: M;
  readonly __body?: B;
  readonly __query?: Q;
};

/** The answer type of an address (`unknown` for a plain string). */
export type AnswerOf<U> = U extends { readonly __answer?: infer A }
  ? unknown extends A
    ? unknown
    : A
  : unknown;

/** The body an address takes (`unknown`: its route declares no schema). */
export type BodyOf<U> = U extends { readonly __body?: infer B } ? B : unknown;

/** The query an address takes (`object`: its route declares no schema). */
export type QueryOf<U> = U extends { readonly __query?: infer Q } ? (unknown extends Q ? object : Q) : object;

/** A schema's input, or `unknown` where a route has none. */
type InputOf<S> = S extends v.GenericSchema ? v.InferInput<S> : unknown;

/**
 * A schema declared by type only: `schema<typeof LoginRequestSchema>()`. At run time it only says the route reads
 * that input; the value is in the API's map (`ROUTE_INPUTS`, routes/inputs.ts), checked against this type.
 */
export type Declared<S extends v.GenericSchema = v.GenericSchema> = { readonly __schema?: S };
const DECLARED: Declared = Object.freeze({});
export const schema = <S extends v.GenericSchema>(): Declared<S> => DECLARED as Declared<S>;

/** The declaration a route holds for a schema type (`undefined`: it reads no such input). */
type DeclaredOf<S> = S extends v.GenericSchema ? Declared<S> : undefined;

/**
 * A query schema's fields as a caller writes them: the names are checked (a wrong one is a type error), the
 * values are the server's to check (422), as filters hand them over untyped (useCascadeFilter).
 */
type QueryFields<I> = { [K in keyof I]?: unknown };
type QueryInputOf<S> = S extends v.GenericSchema ? QueryFields<v.InferInput<S>> : unknown;

type ParamValue = string | number;
type ParamArgs<P extends string> = [PathParams<P>] extends [never]
  ? []
  : [params: Record<PathParams<P>, ParamValue | undefined>];

type Schema = v.GenericSchema | undefined;

/** A route: called with its path parameters it gives the address to send (`ROUTES.employee.one({ id })`). */
export type ApiRoute<
  A,
  M extends HttpMethod,
  P extends string,
  B extends Schema = undefined,
  Q extends Schema = undefined,
> = ((...params: ParamArgs<P>) => ApiUrl<A, M, InputOf<B>, QueryInputOf<Q>>) & {
  readonly method: M;
  readonly path: P;
  /** The path under `API_PREFIX`, as the API registers it (`app.get(route.local, …)`). */
  readonly local: string;
  /** Whether it reads a body, and its schema's type: the API validates with the value (routes/inputs.ts). */
  readonly body: DeclaredOf<B>;
  /** The query's, likewise. */
  readonly query: DeclaredOf<Q>;
};

/** A route of any kind (what the API registers, describes and tests): every route of the table is one. */
export type AnyApiRoute = ((...params: never[]) => ApiUrl) & {
  readonly method: HttpMethod;
  readonly path: string;
  readonly local: string;
  readonly body: Declared | undefined;
  readonly query: Declared | undefined;
};

/** The body a route takes, for a caller's own declaration (`BodyType<typeof ROUTES.billing.payMany>`). */
export type BodyType<R> = R extends (...params: never[]) => infer U ? BodyOf<U> : never;

/** The query a route takes, likewise (`QueryType<typeof ROUTES.people.students>`): its field names checked. */
export type QueryType<R> = R extends (...params: never[]) => infer U ? QueryOf<U> : never;

/** The answer type of a route, for a declaration (`AnswerType<typeof ROUTES.employee.one>`). */
// biome-ignore lint/suspicious/noExplicitAny: any input
export type AnswerType<R> = R extends ApiRoute<infer A, HttpMethod, string, any, any> ? A : never;

const PARAM = /:([A-Za-z_]\w*)/g;

/** The address of `path` with its parameters filled in (encoded); a missing one is refused. */
export function fillPath(path: string, params: Record<string, ParamValue | undefined> = {}): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Parameter rute '${name}' kosong (${path})`);
    return encodeURIComponent(String(value));
  });
}

/** The answer type of a route, declared with no value: `answer<Employee>()`. */
export type Answer<A> = { readonly __answer?: A };
export const answer = <A>(): Answer<A> => ({});

/** What a route reads besides its path: its body's and query's schemas, by type (`schema<typeof X>()`). */
export interface Inputs {
  body?: Declared;
  query?: Declared;
}

/** The schema type an `Inputs` declares for `key`, or `undefined`. */
type SchemaIn<I, K extends keyof Inputs> = I extends { [_ in K]: Declared<infer S> } ? S : undefined;

function define<A, M extends HttpMethod, P extends string, B extends Schema, Q extends Schema>(
  method: M,
  path: P,
  inputs: Inputs = {},
): ApiRoute<A, M, P, B, Q> {
  if (!path.startsWith(`${API_PREFIX}/`)) throw new Error(`Rute di luar ${API_PREFIX}: ${path}`);
  const call = (params?: Record<string, ParamValue | undefined>) => fillPath(path, params);
  const { body, query } = inputs;
  return Object.assign(call, { method, path, local: path.slice(API_PREFIX.length), body, query }) as never;
}

/** `get('/api/employee/:id', answer<Employee>())`, likewise `post`, `put`, `patch`, `del`; inputs third. */
const verb =
  <M extends HttpMethod>(method: M) =>
  // biome-ignore lint/complexity/noBannedTypes: no inputs declared
  <P extends string, A, I extends Inputs = {}>(path: P, _answer: Answer<A>, inputs?: I) =>
    define<A, M, P, SchemaIn<I, 'body'>, SchemaIn<I, 'query'>>(method, path, inputs);

export const get = verb('GET');
export const post = verb('POST');
export const put = verb('PUT');
export const patch = verb('PATCH');
export const del = verb('DELETE');
