import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
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

describe('at the default log level', () => {
  // Fastify's own request lines are off: each error answer gets one line of its own.
  let quiet: TestApp;
  let quietLog = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (quietLog += d.toString()));
    quiet = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
  });
  afterAll(() => quiet.close());

  type Line = { reqId?: string; msg?: string; level?: number } & Record<string, unknown>;
  const linesOf = (res: { headers: Record<string, unknown> }) =>
    (logLines(quietLog) as Line[]).filter((l) => l.reqId === res.headers['x-request-id']);

  it('logs one line per 4xx answer with its method, route pattern, status, code and time', async () => {
    const token = await quiet.adminToken();
    const refused = await quiet.app.inject({ url: '/api/product/42?token=SECRET-IN-QUERY' });
    const missing = await quiet.app.inject({ url: '/api/family/999999', headers: bearer(token) });
    const invalid = await quiet.app.inject({
      method: 'POST',
      url: '/api/family',
      headers: bearer(token),
      payload: { nameEn: '' },
    });
    const unknown = await quiet.app.inject({ method: 'DELETE', url: '/api/no-such-thing/7?key=abc' });
    const fine = await quiet.app.inject({ url: '/api/health' });
    expect([refused, missing, invalid, unknown, fine].map((r) => r.statusCode)).toEqual([
      401, 404, 400, 404, 200,
    ]);

    const expected = [
      [refused, 'GET', '/api/product/:id', 401],
      [missing, 'GET', '/api/family/:id', 404],
      [invalid, 'POST', '/api/family', 400],
      [unknown, 'DELETE', 'unmatched', 404],
    ] as const;
    for (const [res, method, route, statusCode] of expected) {
      // The id a person sees in the error body finds its line.
      const lines = linesOf(res).filter((l) => l.reqId === res.json<{ requestId: string }>().requestId);
      expect(lines, route).toEqual([
        expect.objectContaining({ msg: 'request failed', level: 30, method, route, statusCode }),
      ]);
      expect(lines[0]!.responseTime, route).toEqual(expect.any(Number));
    }
    expect(linesOf(invalid)[0]!.code).toBe('FST_ERR_VALIDATION');
    expect(linesOf(fine)).toEqual([]);
    // The raw URL is never logged: its query string may carry a secret.
    expect(quietLog).not.toContain('SECRET-IN-QUERY');
    expect(quietLog).not.toContain('/api/product/42');
  });

  it('logs a 5xx answer above info: a 503 while shutting down is a warning', async () => {
    quiet.app.ctx.lifecycle.draining = true;
    let res;
    try {
      res = await quiet.app.inject({ url: '/api/family' });
    } finally {
      quiet.app.ctx.lifecycle.draining = false;
    }
    expect(res.statusCode).toBe(503);
    expect(linesOf(res)).toEqual([
      expect.objectContaining({ msg: 'request failed', level: 40, method: 'GET', statusCode: 503 }),
    ]);
  });

  it('logs an unexpected 500 once, with its stack on the same line', async () => {
    const token = await quiet.adminToken();
    await quiet.database.db.execute(sql`alter table categories rename to categories_away`);
    let res;
    try {
      res = await quiet.app.inject({ url: '/api/category', headers: bearer(token) });
    } finally {
      await quiet.database.db.execute(sql`alter table categories_away rename to categories`);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json<{ message: string }>().message).toBe('Something went wrong on our side');
    const lines = linesOf(res);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'unexpected error', level: 50, method: 'GET', statusCode: 500 }),
    ]);
    expect((lines[0]!.err as { stack?: string }).stack).toContain('categories');
  });
});
