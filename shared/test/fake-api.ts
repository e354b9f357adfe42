import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../src/api-client';

/** A canned answer: a status and a body, or a network failure (the server was not reached). */
export type FakeAnswer =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error';

/** Routes keyed 'METHOD /path' (no query string); a function answers from the request (later, when a promise). */
export type FakeRoutes = Record<
  string,
  FakeAnswer | ((request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>)
>;

export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
}

const realAdapter = api.defaults.adapter;

/**
 * Replaces the HTTP layer of the one axios instance: the real interceptors still run, no network
 * is used. Returns the requests made, in order. An unknown route answers 404.
 */
export function installFakeApi(routes: FakeRoutes): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params ?? {},
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON(),
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.url}`];
    const answer =
      typeof route === 'function'
        ? await route(request)
        : (route ?? { status: 404, body: { message: 'Not found' } });
    if (answer === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    const status = answer.status ?? 200;
    const response: AxiosResponse = {
      data: answer.body,
      status,
      statusText: String(status),
      headers: answer.headers ?? {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  };
  return requests;
}

export function restoreApi(): void {
  api.defaults.adapter = realAdapter;
}
