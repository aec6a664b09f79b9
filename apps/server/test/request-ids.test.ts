import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './harness';

// How an operator ties a person's error message to the log: the request id is in the answer's
// header, in its error body, and on every log line of that request.

const logLines = (log: string) =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });

let t: TestApp;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => (log += d.toString()));
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: stream });
});
afterAll(() => t.close());

describe('request ids', () => {
  it('names a failed request in its header, its error body and each of its log lines', async () => {
    const token = await t.adminToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/family',
      headers: bearer(token),
      payload: { nameEn: '' },
    });
    expect(res.statusCode).toBe(400);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json<{ requestId: string }>().requestId).toBe(id);
    const lines = logLines(log).filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('carries it on refusals, unknown paths and successes alike, a new one each time', async () => {
    const refused = await t.app.inject({ url: '/api/family' });
    const unknown = await t.app.inject({ url: '/api/no-such-thing' });
    const fine = await t.app.inject({ url: '/api/health' });
    expect(refused.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(404);
    const ids = [refused, unknown, fine].map((r) => r.headers['x-request-id']);
    expect(new Set(ids).size).toBe(3);
    expect(refused.json<{ requestId: string }>().requestId).toBe(ids[0]);
    expect(unknown.json<{ requestId: string }>().requestId).toBe(ids[1]);
    expect(fine.json()).toEqual({ status: 'ok' });
  });

  it('ignores a client’s own x-request-id when no proxy is trusted', async () => {
    const res = await t.app.inject({ url: '/api/family', headers: { 'x-request-id': 'chosen-by-me' } });
    expect(res.headers['x-request-id']).not.toBe('chosen-by-me');
    expect(res.json<{ requestId: string }>().requestId).toBe(res.headers['x-request-id']);
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied.close());

  it('keeps the proxy’s id, so its log and ours agree; a malformed one is replaced', async () => {
    const kept = await proxied.app.inject({ url: '/api/family', headers: { 'x-request-id': 'lb-4f2a:17' } });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a:17');
    expect(kept.json<{ requestId: string }>().requestId).toBe('lb-4f2a:17');
    const forged = await proxied.app.inject({
      url: '/api/family',
      headers: { 'x-request-id': 'x\n{"msg":"forged"}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
