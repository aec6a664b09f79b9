import { API_BASE } from '@dalil/contracts/catalog-api-paths';
import { REQUEST_TIMEOUT_MS } from '@dalil/contracts/constants';
import { ApiError, errorFromResponse } from './api-error';
import { bootResponse, isTimeout, takeBootRequest } from './boot-requests';
import { isServerAnswer, noteAnswered, noteUnreachable } from './server-reach';
import { adoptFreshToken, getToken, signalUnauthorized } from './session';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /**
   * 'redirect' (default): a 401 clears the token and sends the user to the matching login.
   * 'ignore': the caller handles it (login forms, where 401 means wrong password; session guards).
   */
  unauthorized?: 'redirect' | 'ignore';
  /** Extra request headers (`If-Match` for a write based on a known version). */
  headers?: Record<string, string>;
  /** Told the answer's headers (an `ETag`) when it succeeds. */
  onHeaders?: (headers: Headers) => void;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildHeaders(token: string | null, body: unknown, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

/**
 * 10 000 ms timeout, bearer token, no credentials; non-2xx statuses are errors. Every outcome tells
 * lib/server-reach whether the server answered. A request public/boot.js already started the same
 * way is taken over instead of sent again (lib/boot-requests.ts).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, unauthorized = 'redirect', headers, onHeaders } = options;
  const url = buildUrl(path, query);
  const token = getToken();
  const payload = body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  const early = payload instanceof FormData ? null : takeBootRequest(method, url, token, payload ?? null);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const startedAt = early?.startedAt ?? Date.now();
  let response: Response;
  try {
    response = early
      ? await bootResponse(early, signal)
      : await fetch(url, {
          method,
          headers: buildHeaders(token, body, headers),
          body: payload,
          credentials: 'omit',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
  } catch (error) {
    if (signal?.aborted) throw error;
    noteUnreachable(startedAt);
    if (early ? isTimeout(error) : timeout.aborted)
      throw new ApiError('timeout', 0, null, 'The server took too long to answer');
    throw new ApiError('network', 0, null, 'The server could not be reached');
  }
  if (isServerAnswer(response.status)) noteAnswered();
  else noteUnreachable(startedAt);
  if (!response.ok) {
    if (response.status === 401 && unauthorized === 'redirect') signalUnauthorized();
    throw await errorFromResponse(response);
  }
  onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  const answer: unknown = await response.json();
  if (method !== 'GET' && getToken()) adoptFreshToken(answer);
  return answer as T;
}
