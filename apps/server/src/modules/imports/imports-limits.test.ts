import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import { ALL_HEADER, allRow, csv, upload } from './imports.test-kit';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { IMPORT_CONCURRENCY: '1' } });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const spooled = () => {
  const dir = join(t.config.dataDir, 'tmp', 'imports');
  return existsSync(dir) ? readdirSync(dir) : [];
};

const goodCsv = () => csv([ALL_HEADER, allRow('Limits Co', 'Cat', 'Item', '6281000005001')]);

/**
 * An upload whose body arrives only as far as the test lets it: the multipart head and the first
 * line are sent, then it waits until `finish` (the rest and the closing boundary) or `abort`.
 */
function heldUpload(url: string) {
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const body = new PassThrough();
  body.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="held.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const text = goodCsv();
  const cut = text.indexOf('\n') + 1;
  body.write(text.slice(0, cut));
  const response = t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  });
  return {
    response,
    finish: () => body.end(`${text.slice(cut)}\r\n--${boundary}--\r\n`),
    abort: () => body.destroy(new Error('the client went away')),
  };
}

/** Waits until the held upload has reached its spooled file (its slot is then taken). */
async function whenSpooling() {
  await waitFor(() => spooled().length > 0, { interval: 10 });
  expect(spooled()).toHaveLength(1);
}

/** Waits (up to ten seconds: cleanup after a dropped connection runs when the server gets to it). */
const emptied = () => waitFor(() => spooled().length === 0, { interval: 10 });

describe('imports at once', () => {
  it('answers 429 with Retry-After past IMPORT_CONCURRENCY, and takes the next one once a slot is free', async () => {
    const held = heldUpload('/api/upload/all?dryRun=true');
    await whenSpooling();
    const refused = await upload(t, admin, '/api/upload/all?dryRun=true', goodCsv());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/already running/);
    const again = await upload(t, admin, '/api/upload/categories/1?dryRun=true', goodCsv());
    expect([404, 429]).toContain(again.status); // an unknown family is still a 404 under load
    held.finish();
    const done = await held.response;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['retry-after']).toBeUndefined();
    const next = await upload(t, admin, '/api/upload/all?dryRun=true', goodCsv());
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });

  it('says when to come back', async () => {
    const held = heldUpload('/api/upload/all?dryRun=true');
    await whenSpooling();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/all/invalid-rows',
      headers: { 'content-type': 'multipart/form-data; boundary=x', ...bearer(admin) },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    held.finish();
    await held.response;
  });
});

describe('temporary files', () => {
  it('are removed after an import, a preview, a refused file and an invalid-rows download', async () => {
    expect((await upload(t, admin, '/api/upload/all?dryRun=true', goodCsv())).status).toBe(200);
    expect((await upload(t, admin, '/api/upload/all', goodCsv())).status).toBe(200);
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect((await upload(t, admin, '/api/upload/all?dryRun=true', damaged)).status).toBe(400);
    expect((await upload(t, admin, '/api/upload/all?dryRun=true', 'no,header\r\n1,2\r\n')).status).toBe(400);
    const { multipartBody } = await import('./imports.test-kit');
    const { payload, headers } = multipartBody(csv([ALL_HEADER, allRow('Limits Co', 'Cat', '', 'x')]));
    const rows = await t.app.inject({
      method: 'POST',
      url: '/api/upload/all/invalid-rows',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(rows.statusCode).toBe(200);
    // A download's file goes when its stream closes, just after the last byte was sent.
    await emptied();
    expect(spooled()).toEqual([]);
  });

  it('are removed when the client goes away mid-upload, and the slot is given back', async () => {
    const held = heldUpload('/api/upload/all?dryRun=true');
    await whenSpooling();
    held.abort();
    await held.response.catch(() => undefined);
    await emptied();
    expect(spooled()).toEqual([]);
    // The slot is given back when the aborted request's handler has finished, which may come just
    // after its file was removed on a busy machine: the next upload is taken within a few seconds.
    const next = await waitFor(
      async () => {
        const res = await upload(t, admin, '/api/upload/all?dryRun=true', goodCsv());
        return res.status !== 429 && res;
      },
      { interval: 100 },
    );
    expect(next.status).toBe(200);
  });

  it('left by a stopped process are swept at the next start; a live process keeps its own', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dalil-sweep-'));
    const imports = join(dataDir, 'tmp', 'imports');
    const images = join(dataDir, 'tmp', 'images');
    const hourAgo = new Date(Date.now() - 3_600_000);
    const make = (dir: string, name: string, old = true) => {
      mkdirSync(join(dir, name), { recursive: true });
      writeFileSync(join(dir, name, 'upload'), 'x');
      if (old) utimesSync(join(dir, name), hourAgo, hourAgo);
      return name;
    };
    make(imports, '999999999-dead'); // no such process
    make(imports, `${process.pid}-restarted`); // this pid, before this start: a reused pid
    const live = make(imports, `${process.ppid}-live`); // a running process's import
    const fresh = make(imports, '999999998-fresh', false); // written after this process started
    mkdirSync(images, { recursive: true });
    writeFileSync(join(images, 'upload-old'), 'x');
    utimesSync(join(images, 'upload-old'), hourAgo, hourAgo);
    const restarted = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      expect(readdirSync(imports).sort()).toEqual([fresh, live].sort());
      expect(readdirSync(images)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
