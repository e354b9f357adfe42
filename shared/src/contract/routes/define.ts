/**
 * How a route of the table is declared and called (docs/architecture.md#the-route-table): its method, its path
 * with `:param`s, the valibot schema of its input where one exists, and its answer type (types only).
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

/** A call's address: a string the client sends as is, carrying the route's answer and method as types. */
export type ApiUrl<A = unknown, M extends HttpMethod = HttpMethod> = string & {
  readonly __answer?: A;
  readonly __method?: M;
};

/** The answer type of an address (`unknown` for a plain string). */
export type AnswerOf<U> = U extends { readonly __answer?: infer A }
  ? unknown extends A
    ? unknown
    : A
  : unknown;

type ParamValue = string | number;
type ParamArgs<P extends string> = [PathParams<P>] extends [never]
  ? []
  : [params: Record<PathParams<P>, ParamValue | undefined>];

/** A route: called with its path parameters it gives the address to send (`ROUTES.employee.one({ id })`). */
export type ApiRoute<A, M extends HttpMethod, P extends string> = ((
  ...params: ParamArgs<P>
) => ApiUrl<A, M>) & {
  readonly method: M;
  readonly path: P;
  /** The path under `API_PREFIX`, as the API registers it (`app.get(route.local, …)`). */
  readonly local: string;
  /** The request body's schema, where the API validates one with the same. */
  readonly body?: v.GenericSchema;
  /** The query's schema, likewise. */
  readonly query?: v.GenericSchema;
};

/** A route of any kind (what the API's test walks). */
// biome-ignore lint/suspicious/noExplicitAny: any answer, method and path
export type AnyApiRoute = ApiRoute<any, HttpMethod, string>;

/** The answer type of a route, for a declaration (`AnswerType<typeof ROUTES.employee.one>`). */
export type AnswerType<R> = R extends ApiRoute<infer A, HttpMethod, string> ? A : never;

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

interface Inputs {
  body?: v.GenericSchema;
  query?: v.GenericSchema;
}

function define<A, M extends HttpMethod, P extends string>(
  method: M,
  path: P,
  inputs: Inputs = {},
): ApiRoute<A, M, P> {
  if (!path.startsWith(`${API_PREFIX}/`)) throw new Error(`Rute di luar ${API_PREFIX}: ${path}`);
  const call = (params?: Record<string, ParamValue | undefined>) => fillPath(path, params) as ApiUrl<A, M>;
  return Object.assign(call, { method, path, local: path.slice(API_PREFIX.length), ...inputs }) as ApiRoute<
    A,
    M,
    P
  >;
}

/** `get('/api/employee/:id', answer<Employee>())`, likewise `post`, `put`, `patch`, `del`. */
export const get = <P extends string, A>(path: P, _answer: Answer<A>, inputs?: Inputs) =>
  define<A, 'GET', P>('GET', path, inputs);
export const post = <P extends string, A>(path: P, _answer: Answer<A>, inputs?: Inputs) =>
  define<A, 'POST', P>('POST', path, inputs);
export const put = <P extends string, A>(path: P, _answer: Answer<A>, inputs?: Inputs) =>
  define<A, 'PUT', P>('PUT', path, inputs);
export const patch = <P extends string, A>(path: P, _answer: Answer<A>, inputs?: Inputs) =>
  define<A, 'PATCH', P>('PATCH', path, inputs);
export const del = <P extends string, A>(path: P, _answer: Answer<A>, inputs?: Inputs) =>
  define<A, 'DELETE', P>('DELETE', path, inputs);
