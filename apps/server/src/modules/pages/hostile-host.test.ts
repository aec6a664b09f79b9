import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';

// Every address that builds links from the request's host (visitor pages, sitemap, robots.txt) answers
// a malformed host with a 400 naming the header, never a 500; with PUBLIC_URL set the host is unused.

const INDEX_HTML =
  '<!doctype html><html><head><title>Dalil</title></head><body><div id="root"></div></body></html>';
const ROUTES = [
  '/catalog/family',
  '/catalog/main?family=1',
  '/catalog/main/1',
  '/sitemap.xml',
  '/robots.txt',
];
const BAD_HOSTS = ['[::1', 'a b', 'exa mple.com:99999', 'shop.example:99999', 'a@b.example', 'a/b', 'x:'];

let dist: string;
let t: TestApp;
let proxied: TestApp;
let fixed: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ overrides: { webDist: dist } });
  proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, overrides: { webDist: dist } });
  fixed = await createTestApp({ env: { PUBLIC_URL: 'https://c.example' }, overrides: { webDist: dist } });
});

afterAll(async () => {
  await Promise.all([t.close(), proxied.close(), fixed.close()]);
  rmSync(dist, { recursive: true, force: true });
});

/** The whole answer to a request written byte for byte, as a client that sends no Host can. */
const raw = (port: string, request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer)).on('error', reject);
  });

const get = (app: TestApp, url: string, headers: Record<string, string>) =>
  client(app).anonymous.get(url, { headers });

describe('a malformed Host header', () => {
  it('answers 400 naming the header on every page that builds addresses', async () => {
    for (const url of ROUTES)
      for (const host of BAD_HOSTS) {
        const res = await get(t, url, { host });
        expect(res.statusCode, `${url} with Host ${JSON.stringify(host)}: ${res.body}`).toBe(400);
        expect(body(res)).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          details: [{ path: 'headers.host' }],
        });
        expect(body(res).message).toMatch(/Host/);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
  });

  it('answers 400 over a real connection when the host is empty or, in HTTP/1.0, missing', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const head of ['GET /robots.txt HTTP/1.1\r\nHost:\r\n', 'GET /catalog/family HTTP/1.0\r\n']) {
      const answer = await raw(port, `${head}Connection: close\r\n\r\n`);
      expect(answer, head).toMatch(/^HTTP\/1\.[01] 400 /);
      expect(answer).toContain('"path":"headers.host"');
    }
  });

  it('keeps well-formed hosts, IPv6 literals and ports working', async () => {
    for (const host of [
      'shop.example',
      'shop.example:8080',
      '[::1]:3000',
      '127.0.0.1',
      'LOCALHOST',
      'my_host',
    ])
      for (const url of ROUTES) {
        const res = await get(t, url, { host });
        expect(res.statusCode, `${url} with Host ${host}`).not.toBeGreaterThanOrEqual(500);
        expect(res.statusCode, `${url} with Host ${host}`).not.toBe(400);
      }
    const robots = await get(t, '/robots.txt', { host: '[::1]:3000' });
    expect(robots.body).toContain('Sitemap: http://[::1]:3000/sitemap.xml');
  });

  it('names X-Forwarded-Host or X-Forwarded-Proto when a trusted proxy sends a bad one', async () => {
    const host = await get(proxied, '/robots.txt', { host: 'ok.example', 'x-forwarded-host': 'a b' });
    expect(host.statusCode).toBe(400);
    expect(body(host).details).toMatchObject([expect.objectContaining({ path: 'headers.x-forwarded-host' })]);
    const proto = await get(proxied, '/sitemap.xml', {
      host: 'ok.example',
      'x-forwarded-proto': 'javascript',
    });
    expect(proto.statusCode).toBe(400);
    expect(body(proto).details).toMatchObject([
      expect.objectContaining({ path: 'headers.x-forwarded-proto' }),
    ]);
    const good = await get(proxied, '/robots.txt', {
      host: 'ok.example',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-proto': 'https',
    });
    expect(good.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('does not matter when PUBLIC_URL names the site', async () => {
    for (const url of ROUTES) {
      const res = await get(fixed, url, { host: 'a b' });
      expect(res.statusCode, url).not.toBe(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
