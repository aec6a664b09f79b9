import type { Feed } from '@dalil/contracts/feeds';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRuns } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { csv } from '../imports/imports.test-kit';

// A feed's address may carry a token in its query: only the feed's own admin reads show it. The
// imports it makes, the history and the server's log name it without the query.

const SECRET = 'S3CRET-t0ken';
let server: Server;
let origin: string;
let t: TestApp;
let editor: string;
let family: number;
let logged = '';

const api = client(() => t);

/** Runs a feed now and waits for the run to end, asking again until the feed says it has. */
async function runNow(id: number): Promise<Feed> {
  expect((await api.as('admin').post(`/api/feed/${id}/run`)).statusCode).toBe(202);
  for (;;) {
    const feed = body(await api.as('admin').get(`/api/feed/${id}`)) as unknown as Feed;
    if (!feed.running) return feed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeAll(async () => {
  const file = csv([
    ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
    ['Juices', 'عصائر', 'Orange juice', 'عصير برتقال'],
  ]);
  server = createServer((req, res) => {
    if (req.url?.startsWith('/missing.csv')) res.writeHead(404).end('no such file');
    else res.writeHead(200, { 'content-type': 'text/csv' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({
    env: { FEED_ALLOWED_HOSTS: '127.0.0.1', LOG_LEVEL: 'debug' },
    feeds: { clock: () => Date.parse('2026-11-26T10:00:30Z'), pollMs: 0 },
    logStream,
  });
  const made = await api.as('admin').post('/api/family', { nameEn: 'Feed Co', nameAr: 'شركة الموجز' });
  family = body(made).id as number;
  const user = { firstName: 'E', lastName: 'D', username: 'editor1', password: 'password-123' };
  const created = await api.as('admin').post('/api/user', { ...user, role: 'editor', families: [family] });
  expect(created.statusCode, created.body).toBe(201);
  editor = await t.login('admin', user.username, user.password);
});

afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("a feed address's token", () => {
  it('is shown only in the feed admin reads; imports, history and the log name the address without it', async () => {
    const url = `${origin}/export.csv?token=${SECRET}&x=1`;
    const failing = `${origin}/missing.csv?token=${SECRET}`;
    const ids: number[] = [];
    for (const address of [url, failing]) {
      const res = await api.as('admin').post('/api/feed', {
        family,
        url: address,
        schedule: '0 3 * * *',
        timeZone: 'UTC',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(body(res).id as number);
    }
    const [ok, failed] = [await runNow(ids[0]!), await runNow(ids[1]!)];
    expect(ok.lastRun).toMatchObject({ outcome: 'imported' });
    expect(failed.lastRun).toMatchObject({ outcome: 'failed' });

    // The feed's own admin reads keep the whole address: the form edits it.
    expect((body(await api.as('admin').get(`/api/feed/${ids[0]!}`)) as unknown as Feed).url).toBe(url);

    const runs = await api.as(editor).get('/api/import?limit=100');
    expect(runs.statusCode).toBe(200);
    const names = (body(runs).data as { fileName: string }[]).map((r) => r.fileName).sort();
    expect(names).toEqual([`${origin}/export.csv?…`, `${origin}/missing.csv?…`]);
    const history = await api.as(editor).get('/api/activity?limit=100');
    const adminHistory = await api.as('admin').get('/api/activity?limit=100');
    for (const res of [runs, history, adminHistory]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(SECRET);
    }
    expect(history.body).toContain(`${origin}/export.csv?…`);
    expect(logged).toContain('feed run');
    expect(logged).not.toContain(SECRET);

    // A run recorded before addresses were kept without their query is shown without it too.
    await t.database.db
      .update(importRuns)
      .set({ fileName: `${origin.replace('//', '//user:pw@')}/old.csv?token=${SECRET}#part` })
      .where(eq(importRuns.id, ok.lastRun!.importId!));
    for (const url of ['/api/import?limit=100', '/api/activity?limit=100']) {
      const res = await api.as(editor).get(url);
      expect(res.body).not.toMatch(new RegExp(`${SECRET}|user:pw`));
      expect(res.body).toContain(`${origin}/old.csv?…`);
    }
  });
});
