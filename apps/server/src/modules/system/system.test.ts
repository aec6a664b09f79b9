import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      HOLDING_NAME_EN: 'Gulf Group',
      HOLDING_NAME_AR: 'مجموعة الخليج',
      CURRENCY: 'sar',
      CSV_MAX_BYTES: '1048576',
    },
  });
});
afterAll(() => t.close());

describe('system endpoints', () => {
  it('reports the process up and the database ready', async () => {
    expect(body(await t.app.inject('/api/health'))).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toEqual({ status: 'ready' });
  });

  it('tells the web app the holding name, the guest account, the media base, currency and limits', async () => {
    const res = await t.app.inject('/api/config');
    expect(body(res)).toEqual({
      holding: { nameEn: 'Gulf Group', nameAr: 'مجموعة الخليج' },
      guest: { username: 'guest', password: 'guest' },
      mediaBaseUrl: '/media',
      currency: 'SAR',
      limits: { uploadBytes: 1048576, imageBytes: 10 * 1024 * 1024 },
    });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-thing?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(body(res)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'request.routeNotFound',
      params: { route: 'GET /api/no-such-thing' },
      message: 'Route GET /api/no-such-thing not found',
      requestId: res.headers['x-request-id'],
    });
  });

  it('serves the OpenAPI document with the sign-in routes', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/login', '/api/user/login', '/api/config']),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a body over the limit with a JSON 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('hides the guest account when guest access is off', async () => {
    const priv = await createTestApp({ env: { GUEST_ACCESS: 'false' } });
    try {
      expect(body(await priv.app.inject('/api/config')).guest).toBeNull();
      const res = await priv.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'guest', password: 'guest' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await priv.close();
    }
  });
});
