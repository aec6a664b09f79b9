import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';
import { takeBootRequest } from './boot-requests';
import { resetReach, unreachableSince } from './server-reach';
import { getToken, setToken } from './session';

/** A request as public/boot.js leaves it for the app. */
function started(answer: Promise<Response>, overrides: Partial<BootRequest> = {}): BootRequest {
  answer.catch(() => undefined);
  const request: BootRequest = {
    method: 'GET',
    url: '/api/config',
    token: null,
    body: null,
    startedAt: Date.now(),
    response: answer,
    ...overrides,
  };
  (window.dalilBootRequests ??= []).push(request);
  return request;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

afterEach(() => {
  delete window.dalilBootRequests;
  resetReach();
});

describe('requests boot.js started', () => {
  it('are taken over once, by the same method, address, token and body', () => {
    const request = started(json(200, {}), { method: 'POST', url: '/api/user/login', body: '{"a":1}' });
    expect(takeBootRequest('GET', '/api/user/login', null, '{"a":1}')).toBeNull();
    expect(takeBootRequest('POST', '/api/user/login', null, '{"a":1}')).toBe(request);
    expect(takeBootRequest('POST', '/api/user/login', null, '{"a":1}')).toBeNull();
  });

  it('are dropped when sent with another token or too long ago', () => {
    started(json(200, {}), { token: 'old' });
    expect(takeBootRequest('GET', '/api/config', 'new', null)).toBeNull();
    expect(window.dalilBootRequests).toEqual([]);
    started(json(200, {}), { startedAt: Date.now() - 61_000 });
    expect(takeBootRequest('GET', '/api/config', null, null)).toBeNull();
  });

  it('give the app their answer instead of a new request', async () => {
    started(json(200, { guest: null }));
    // No fetch stub: a request of its own would fail.
    await expect(apiRequest('/config')).resolves.toEqual({ guest: null });
  });

  it('fail as the app’s own request would: unreachable since boot.js sent it, or timed out', async () => {
    const sentAt = Date.now() - 2_000;
    started(Promise.reject(new TypeError('Failed to fetch')), { startedAt: sentAt });
    const network = await apiRequest('/config').catch((error: unknown) => error);
    expect(isApiError(network) && network.kind).toBe('network');
    expect(unreachableSince()).toBe(sentAt);

    started(Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    const timeout = await apiRequest('/config').catch((error: unknown) => error);
    expect(isApiError(timeout) && timeout.kind).toBe('timeout');
  });

  it('a refused token ends the session as the app’s own 401 does', async () => {
    setToken('expired');
    started(json(401, { statusCode: 401, error: 'Unauthorized', message: 'Session ended' }), {
      url: '/api/product/5',
      token: 'expired',
    });
    const error = await apiRequest('/product/5').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(401);
    expect(getToken()).toBeNull();
  });
});
