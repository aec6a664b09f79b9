import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK } from '../../src/db/client';
import { freshDatabase } from '../harness';
import { startServer, type ServerProcess } from '../server-process';
import { waitFor } from '../wait';

// A process starting while another one migrates the shared database (a rolling deploy): it waits
// for the migrations, and meanwhile a load balancer must see it up (health) but not ready. Runs in
// the server:postgres project only: PGlite has one process per data directory.

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('GET /api/ready while migrations run', () => {
  it('is 503 naming the migrations until they are done, then 200 on the same port', async () => {
    const fresh = await freshDatabase();
    await fresh.database.close();
    cleanups.push(fresh.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'dalil-ready-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Another process's migrations hold this lock for as long as they run.
    const other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);

    const server: ServerProcess = await startServer(
      { DATABASE_URL: fresh.url!, DATA_DIR: dataDir },
      /Starting on port (\d+)/,
    );
    cleanups.push(async () => {
      server.proc.kill('SIGTERM');
      await server.exited;
    });
    const waiting = await fetch(`${server.url}/api/ready`);
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('5');
    const body = await json(waiting);
    expect(body).toMatchObject({
      statusCode: 503,
      details: [{ path: 'startup', message: 'database migrations are running' }],
    });
    expect(body.requestId).toBe(waiting.headers.get('x-request-id'));
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/config`)).status).toBe(503);
    expect(server.output()).not.toContain('Server listening');

    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    await waitFor(
      async () =>
        (await fetch(`${server.url}/api/ready`).then(
          (r) => r.status,
          () => 0,
        )) === 200,
      { timeout: 20_000, interval: 100, message: 'readiness never answered 200' },
    );
    expect(server.output()).toContain(`Server listening at ${server.url}`);
  });
});
