import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (request: MockRequest) => { status: number; body?: unknown };

/** What the catalogue asks of every family: by default, it has no choice attributes to filter by. */
const DEFAULTS: Record<string, Handler> = {
  'GET /api/search/attributes': () => ({ status: 200, body: { data: [] } }),
};

/**
 * Stubs global fetch with a table of "METHOD /api/path" handlers (and DEFAULTS unless given); anything
 * else fails loudly.
 * Returns the list of requests made, for assertions on what a person cannot see (headers).
 */
export function mockApi(handlers: Record<string, Handler>): MockRequest[] {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const request = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`] ?? DEFAULTS[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request ${method} ${url.pathname}`);
    const { status, body: responseBody } = handler(request);
    await Promise.resolve();
    return new Response(responseBody === undefined ? null : JSON.stringify(responseBody), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

export const unauthorized = {
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message: 'Incorrect username or password' },
};
