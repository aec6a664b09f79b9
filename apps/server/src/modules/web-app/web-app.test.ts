import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// The built web app as the browser gets it: pre-compressed files, long caching for fingerprinted
// assets, index.html for every client-side route, and JSON 404s for unknown API paths.

const indexHtml = `<!doctype html><html lang="ar" dir="rtl"><head><title>دليل</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const appJs = `export const app = ${JSON.stringify('x'.repeat(3000))};`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(join(dist, 'assets', 'app-3f9a1c.js'), appJs);
  writeFileSync(join(dist, 'assets', 'app-3f9a1c.js.br'), brotliCompressSync(appJs));
  t = await createTestApp({ overrides: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  // The visitor pages (the chooser, a catalogue, a product) and the visitor sign-in get their own
  // heads: modules/pages.
  it.each([
    '/',
    '/admin/login',
    '/admin',
    '/admin/',
    '/catalog/print?family=2',
    '/admin/products/list?page=2',
    '/admin/category/attributes/edit/12',
    '/admin/users/webhooks',
  ])('answers %s with index.html, revalidated on every visit', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(indexHtml);
  });

  it.each([
    '/no-such-page',
    '/admin/nothing/here',
    '/family/does-not-exist-route/x/y',
    '/admin/family/edit/1/x',
  ])(
    'answers %s, an address the app has no screen for, 404 with the app and its not-found screen',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['x-robots-tag']).toBe('noindex');
        if (method === 'GET') expect(res.body).toBe(indexHtml);
      }
      const compressed = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(compressed.statusCode).toBe(404);
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(indexHtml);
    },
  );

  it('sends the pre-compressed file to a browser that accepts brotli', async () => {
    for (const [url, text] of [
      ['/admin/login', indexHtml],
      ['/assets/app-3f9a1c.js', appJs],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(text);
    }
  });

  it('lets fingerprinted assets be cached for a year', async () => {
    const res = await t.app.inject('/assets/app-3f9a1c.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(appJs);
  });

  it('answers unknown API, media and asset paths with a JSON 404, not the page', async () => {
    // An asset of an earlier build (a tab opened before a deploy) is missing, not the page.
    for (const url of ['/api/nothing-here', '/media/missing', '/assets/app-0ld0ne.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('does not serve the page to a POST', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/catalog/main' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers /metrics with a JSON 404, not the page, where this port does not serve the metrics', async () => {
    // Metrics off (this app), or served on METRICS_PORT's own listener: a scraper pointed at the app's
    // port must see a missing target, not a page that looks like a healthy one.
    const apart = await createTestApp({ env: { METRICS_PORT: '9464' }, overrides: { webDist: dist } });
    try {
      for (const [app, url] of [
        [t.app, '/metrics'],
        [t.app, '/metrics?name=x'],
        [apart.app, '/metrics'],
      ] as const) {
        const res = await app.inject({ url, headers: { accept: 'text/plain' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
      // The web app's own paths still get the page on that app.
      expect((await apart.app.inject('/admin/login')).body).toBe(indexHtml);
    } finally {
      await apart.close();
    }
  });
});
