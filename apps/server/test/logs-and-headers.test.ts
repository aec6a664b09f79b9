import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from './harness';

// What a sceptical operator checks: no secrets in the log, no internals in responses, safe headers.

let t: TestApp;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => (log += d.toString()));
  // Debug level: every request is logged, so anything sensitive in a request would show up.
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: stream });
});
afterAll(() => t.close());

describe('the log', () => {
  it('never contains a password or a token', async () => {
    const token = await t.adminToken();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'Wrong-Secret-123' },
    });
    await t.app.inject({ method: 'GET', url: '/api/admin/auth', headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/api/family', headers: bearer('not.a.valid-token-SECRETISH') });
    await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: bearer(token),
      payload: { firstName: 'A', lastName: 'B', username: 'logtest', password: 'User-Password-987' },
    });
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [ADMIN_PASSWORD, 'Wrong-Secret-123', 'User-Password-987', token, 'SECRETISH']) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('responses', () => {
  it('carry the security headers on the API and on media', async () => {
    for (const url of ['/api/health', '/media/does-not-exist0.webp']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
    }
  });

  it('carry HSTS only when the request came over HTTPS, as a trusted proxy says', async () => {
    const plain = await t.app.inject('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone can send the header: it proves nothing.
    const claimed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      for (const url of ['/api/health', '/api/nowhere', '/media/does-not-exist0.webp']) {
        const https = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(https.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        const http = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
        expect(http.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });

  it('never show SQL or a stack trace, even for hostile input', async () => {
    const token = await t.adminToken();
    const probes = [
      { method: 'GET' as const, url: '/api/family?search=%27%20OR%201%3D1--&limit=abc' },
      { method: 'GET' as const, url: '/api/family/1%27%3B%20DROP%20TABLE%20families--' },
      { method: 'GET' as const, url: '/api/family/99999999999999999999' },
      { method: 'POST' as const, url: '/api/family', payload: { nameEn: 'x\u0000y', nameAr: 'ع' } },
      {
        method: 'POST' as const,
        url: '/api/family',
        payload: { nameEn: '<script>alert(1)</script>', nameAr: 5 },
      },
      { method: 'PUT' as const, url: '/api/family/0', payload: {} },
    ];
    for (const probe of probes) {
      const res = await t.app.inject({ ...probe, headers: bearer(token) });
      expect(res.statusCode, probe.url).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${probe.url} ${res.body}`).toBeLessThan(500);
      expect(res.body).not.toMatch(
        /select |insert into|syntax error|\bat .+\.(ts|js):\d+|node_modules|drizzle/i,
      );
    }
  });
});
