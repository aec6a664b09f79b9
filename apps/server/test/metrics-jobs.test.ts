import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, upload } from '../src/modules/imports/imports.test-kit';
import { body, createTestApp, type TestApp } from './harness';
import { client } from './client';
import { catalogue, jpeg, postImages, waitForJob } from './image-upload-helpers';
import { Scrape } from './prometheus';
import { startReceiver, type Receiver } from './webhook-receiver';
import { waitFor } from './wait';

// The background work's series (lib/metrics-jobs.ts), each shown moving with the action that moves
// it, through the API and a scrape of GET /metrics. `wall` is the app's clock (webhook retries and
// feed schedules fall due by it); only the tests move it.
const TOKEN = 'metrics-token-for-the-tests-0123';
let wall = Date.parse('2026-12-01T10:00:00Z');
let t: TestApp;
let admin: string;
let files: Server;
let origin: string;
const FEED_CSV = csv([
  ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
  ['Fed', 'موجز', 'Fed tea', 'شاي موجز'],
]);

beforeAll(async () => {
  // A feed's file, with an ETag: the second run is answered 304 (unchanged).
  files = createServer((req, res) => {
    if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
    else res.writeHead(200, { 'content-type': 'text/csv', etag: '"v1"' }).end(FEED_CSV);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', FEED_ALLOWED_HOSTS: '127.0.0.1' },
    overrides: { webhooks: { timeoutMs: 2000, pollMs: 50 } },
    clock: () => wall,
    feeds: { clock: () => wall, pollMs: 0 },
  });
  admin = await api.token('admin');
});
afterAll(async () => {
  await t.close();
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});

const scrape = async () => {
  const res = await api.as(TOKEN).get('/metrics');
  expect(res.statusCode).toBe(200);
  return new Scrape(res.body);
};

/** Scrapes until `done` holds (the work runs in the background), or fails with the last scrape. */
async function scrapeUntil(done: (s: Scrape) => boolean, what: string): Promise<Scrape> {
  return waitFor(
    async () => {
      const s = await scrape();
      return done(s) && s;
    },
    { message: `the metrics never showed ${what}` },
  );
}

const api = client(() => t);

describe('background work in the metrics', () => {
  it('shows the webhook backlog, its oldest delivery and each attempt by outcome', async () => {
    let receiver: Receiver | undefined;
    try {
      receiver = await startReceiver();
      receiver.answer = () => 500;
      const sub = await api.as('admin').post('/api/webhook', {
        url: `${receiver.url}/hook`,
        events: ['family.created'],
      });
      expect(sub.statusCode, sub.body).toBe(201);
      const before = await scrape();
      expect(before.value('dalil_webhook_deliveries_pending')).toBe(0);
      expect(before.value('dalil_webhook_oldest_pending_seconds')).toBe(0);
      const attempts = (s: Scrape, outcome: string) =>
        s.value('dalil_webhook_attempts_total', { outcome }) -
        before.value('dalil_webhook_attempts_total', { outcome });

      expect(
        (await api.as('admin').post('/api/family', { nameEn: 'Hooked', nameAr: 'مربوط' })).statusCode,
      ).toBe(201);
      // The receiver answers 500: the delivery stays pending, to be retried 5 s later.
      const failed = await scrapeUntil((s) => attempts(s, 'failed') === 1, 'a failed attempt');
      expect(failed.value('dalil_webhook_deliveries_pending')).toBe(1);
      const age = failed.value('dalil_webhook_oldest_pending_seconds');
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(60);
      // Read at each scrape: the oldest delivery grows older while it waits.
      const later = await scrapeUntil(
        (s) => s.value('dalil_webhook_oldest_pending_seconds') > age,
        'the oldest delivery growing older',
      );
      expect(later.value('dalil_webhook_deliveries_pending')).toBe(1);

      receiver.answer = () => 204;
      wall += 6000;
      const delivered = await scrapeUntil((s) => attempts(s, 'delivered') === 1, 'a delivered attempt');
      expect(attempts(delivered, 'failed')).toBe(1);
      expect(attempts(delivered, 'given_up')).toBe(0);
      expect(delivered.value('dalil_webhook_deliveries_pending')).toBe(0);
      expect(delivered.value('dalil_webhook_oldest_pending_seconds')).toBe(0);
      expect(receiver.received).toHaveLength(2);
      expect((await api.as('admin').delete(`/api/webhook/${body(sub).id as number}`)).statusCode).toBe(204);
    } finally {
      await receiver?.close();
    }
  });

  it('times previews, imports and undos, and counts their rows', async () => {
    const family = body(await api.as('admin').post('/api/family', { nameEn: 'Timed', nameAr: 'موقوت' }))
      .id as number;
    const file = csv([
      ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
      ['Tea', 'شاي', 'Green tea', 'شاي أخضر'],
      ['Tea', 'شاي', 'Black tea', 'شاي أسود'],
    ]);
    const before = await scrape();
    const moved = (s: Scrape, name: string, operation: string) =>
      s.value(name, { operation }) - before.value(name, { operation });

    expect((await upload(t, admin, `/api/upload/categories/${family}?dryRun=true`, file)).status).toBe(200);
    const previewed = await scrape();
    expect(moved(previewed, 'dalil_import_duration_seconds', 'preview')).toBe(1);
    expect(moved(previewed, 'dalil_import_rows_total', 'preview')).toBe(2);
    expect(moved(previewed, 'dalil_import_duration_seconds', 'import')).toBe(0);

    const imported = await upload(t, admin, `/api/upload/categories/${family}`, file);
    expect(imported.status).toBe(200);
    const afterImport = await scrape();
    expect(moved(afterImport, 'dalil_import_duration_seconds', 'import')).toBe(1);
    expect(moved(afterImport, 'dalil_import_rows_total', 'import')).toBe(2);

    const undo = await api.as('admin').post(`/api/import/${imported.body.importId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = await scrape();
    expect(moved(undone, 'dalil_import_duration_seconds', 'undo')).toBe(1);
    // The category and its two products it had created are taken back.
    expect(moved(undone, 'dalil_import_rows_total', 'undo')).toBe(3);
  });

  it('counts feed runs by outcome, and times the import a run makes', async () => {
    const family = body(await api.as('admin').post('/api/family', { nameEn: 'Fed Co', nameAr: 'شركة' }))
      .id as number;
    const created = await api.as('admin').post('/api/feed', {
      family,
      url: `${origin}/catalog.csv`,
      schedule: '0 3 * * *',
      timeZone: 'Asia/Riyadh',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = body(created).id as number;
    const before = await scrape();
    const runs = (s: Scrape, outcome: string) =>
      s.value('dalil_feed_runs_total', { outcome }) - before.value('dalil_feed_runs_total', { outcome });

    expect((await api.as('admin').post(`/api/feed/${id}/run`)).statusCode).toBe(202);
    const first = await scrapeUntil((s) => runs(s, 'imported') === 1, 'an imported feed run');
    expect(
      first.value('dalil_import_duration_seconds', { operation: 'import' }) -
        before.value('dalil_import_duration_seconds', { operation: 'import' }),
    ).toBe(1);
    expect((await api.as('admin').post(`/api/feed/${id}/run`)).statusCode).toBe(202);
    const second = await scrapeUntil((s) => runs(s, 'unchanged') === 1, 'an unchanged feed run');
    expect(runs(second, 'imported')).toBe(1);
    expect(runs(second, 'failed')).toBe(0);
  });

  it('times image jobs and counts their files by what became of them', async () => {
    await catalogue(t, admin, 'Pictured', [{ nameEn: 'Mint tea', barcode: '6281000000017', number: '1001' }]);
    const before = await scrape();
    const moved = (s: Scrape, name: string, labels: Record<string, string>) =>
      s.value(name, labels) - before.value(name, labels);
    const res = await postImages(t, admin, [
      { filename: '1001.jpg', data: await jpeg(11) },
      { filename: 'nobody-9999.jpg', data: await jpeg(12) },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    expect((await waitForJob(t, admin, body(res).id as number)).state).toBe('done');
    const after = await scrapeUntil(
      (s) => moved(s, 'dalil_image_job_duration_seconds', { outcome: 'done' }) === 1,
      'a finished image job',
    );
    expect(moved(after, 'dalil_image_job_files_total', { status: 'new' })).toBe(1);
    expect(moved(after, 'dalil_image_job_files_total', { status: 'unmatched' })).toBe(1);
    expect(moved(after, 'dalil_image_job_files_total', { status: 'invalid' })).toBe(0);
  });
});
