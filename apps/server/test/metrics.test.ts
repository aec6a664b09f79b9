import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/modules/metrics/metrics-server';
import { bearer, body, createTestApp, type TestApp } from './harness';
import { client } from './client';
import { catalogue, jpeg, postImages, waitForJob } from './image-upload-helpers';
import { Scrape } from './prometheus';

const TOKEN = 'metrics-token-for-the-tests-0123';

let t: TestApp;
const api = client(() => t);
let admin: string;
let family: number;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  admin = await api.token('admin');
  ({ family } = await catalogue(t, admin, 'Alpha', [
    { nameEn: 'Mint tea', barcode: '6281000000017', number: '1001' },
  ]));
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await api.as(TOKEN).get('/metrics');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(res.body);
};

describe('GET /metrics', () => {
  it('moves each series an operator watches: requests, cache hits, sign-ins, image jobs', async () => {
    const before = await scrape();
    const search = () => api.as('admin').get(`/api/search?family=${family}&search=mint`);
    expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
    expect((await api.anonymous.get('/api/product/12345/no-such-thing')).statusCode).toBe(404);
    const failed = await api.anonymous.post('/api/admin/login', {
      username: 'admin',
      password: 'not-the-password',
    });
    expect(failed.statusCode).toBe(401);
    const upload = await postImages(t, admin, [{ filename: '1001.jpg', data: await jpeg(7) }]);
    expect(upload.statusCode, upload.body).toBe(202);
    expect((await waitForJob(t, admin, body(upload).id as number)).state).toBe('done');
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, labels) - before.value(name, labels);
    const searches = { method: 'GET', route: '/api/search', status_code: '200' };
    expect(moved('dalil_http_request_duration_seconds', searches)).toBe(2);
    // The route pattern, never the raw URL: no series per family id or query.
    const routes = after.series('dalil_http_request_duration_seconds').map((labels) => labels.route);
    expect(routes).toContain('/api/upload/images/:id');
    expect(routes.some((r) => r?.includes('?') || /\/\d+(\/|$)/.test(r ?? ''))).toBe(false);
    expect(moved('dalil_http_request_duration_seconds', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(moved('dalil_cache_lookups_total', { cache: 'search', result: 'miss' })).toBe(1);
    expect(moved('dalil_cache_lookups_total', { cache: 'search', result: 'hit' })).toBe(1);
    expect(moved('dalil_cache_lookups_total', { cache: 'session', result: 'hit' })).toBeGreaterThan(0);
    expect(moved('dalil_sign_ins_total', { kind: 'admin', outcome: 'failure' })).toBe(1);
    expect(moved('dalil_images_stored_total')).toBe(1);
    expect(moved('dalil_image_jobs_finished_total', { outcome: 'done' })).toBe(1);
    expect(after.value('dalil_image_jobs', { state: 'running' })).toBe(0);
    expect(after.value('dalil_image_jobs', { state: 'queued' })).toBe(0);

    // The pool, the timeouts and the process's own metrics are there from the first scrape.
    expect(after.value('dalil_db_pool_connections')).toBeGreaterThan(0);
    expect(after.has('dalil_db_pool_waiting')).toBe(true);
    expect(after.has('dalil_db_statements_cancelled_total')).toBe(true);
    expect(after.value('dalil_info', { engine: t.engine, media_store: 'local' })).toBe(1);
    expect(after.value('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.has('nodejs_heap_space_size_used_bytes')).toBe(true);
    // No GC histogram: observing every collection costs a busy server a few % of its requests.
    expect(after.has('nodejs_gc_duration_seconds')).toBe(false);
  });

  it('counts a CSV preview as an import run', async () => {
    const before = await scrape();
    const csv = 'categoryNameEn,categoryNameAr,productNameEn,productNameAr\nSnacks,وجبات خفيفة,Chips,رقائق\n';
    const boundary = '----dalilmetrics';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/categories/${family}?dryRun=true`,
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="c.csv"\r\ncontent-type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await scrape();
    expect(
      after.value('dalil_import_runs_total', { outcome: 'preview' }) -
        before.value('dalil_import_runs_total', { outcome: 'preview' }),
    ).toBe(1);
  });

  it('counts a sign-in refused by the sign-in limits', async () => {
    const limited = await createTestApp({ env: { METRICS_TOKEN: TOKEN, LOGIN_RATE_LIMIT: '1' } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'admin', password: 'not-the-password' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
      const res = await limited.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      const scraped = new Scrape(res.body);
      expect(scraped.value('dalil_sign_ins_total', { kind: 'admin', outcome: 'failure' })).toBe(1);
      expect(scraped.value('dalil_sign_ins_total', { kind: 'admin', outcome: 'limited' })).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('asks for the metrics token: 401 without it or with another, and a JWT is not it', async () => {
    for (const headers of [{}, bearer('another-token-of-enough-length'), bearer(admin)]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('dalil_');
    }
  });

  it('is 404 when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('with METRICS_PORT, is served on that listener only, not on the app port', async () => {
    const apart = await createTestApp({ env: { METRICS_PORT: '9464' } });
    const listener = await startMetricsServer(
      apart.app.ctx.metrics,
      { port: 0, host: '127.0.0.1', token: null },
      apart.app.log,
    );
    try {
      expect((await apart.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      await apart.app.inject('/api/health');
      const base = `http://127.0.0.1:${listener.address.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const scraped = new Scrape(await res.text());
      expect(scraped.value('dalil_http_request_duration_seconds', { route: '/api/health' })).toBe(1);
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
    } finally {
      await listener.close();
      await apart.close();
    }
  });
});
