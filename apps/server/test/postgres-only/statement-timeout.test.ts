import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ensureAccounts } from '../../src/seed/accounts';
import { openDatabase } from '../../src/db/client';
import { resultRows } from '../../src/lib/db-helpers';
import { ADMIN_PASSWORD, bearer, body, freshDatabase, testConfig } from '../harness';
import { Scrape } from '../prometheus';

const METRICS_TOKEN = 'metrics-token-for-the-timeout-test';

// PGlite ignores statement_timeout (docs/reliability.md says what bounds it); PostgreSQL enforces it.
let app: FastifyInstance;
let url: string;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  const fresh = await freshDatabase();
  await fresh.database.close();
  url = fresh.url!;
  drop = fresh.drop;
  const database = await openDatabase({ url, poolSize: 2, statementTimeoutMs: 300 });
  const config = testConfig({ METRICS_TOKEN });
  dataDir = config.dataDir;
  await ensureAccounts(database.db, config);
  app = await buildApp({ config, database });
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('statement timeout', () => {
  it('cancels a statement that runs too long and answers 503 with Retry-After', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = body(login).token as string;
    // Another session holds the families table: the list waits, and the wait counts against the timeout.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table families in access exclusive mode');
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/family', headers: bearer(token) });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res).message).toBe('The database is not answering; try again in a moment');
      expect(performance.now() - started).toBeLessThan(3000);
      // The operator sees it in the metrics.
      const scrape = await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(new Scrape(scrape.body).value('dalil_db_statements_cancelled_total')).toBe(1);
      await blocker.query('rollback');
      expect(
        (await app.inject({ method: 'GET', url: '/api/family', headers: bearer(token) })).statusCode,
      ).toBe(200);
    } finally {
      await blocker.end();
    }
  });

  it('cancels a search that waits too long: 503 with Retry-After', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = body(login).token as string;
    const post = async (path: string, payload: object) =>
      body(await app.inject({ method: 'POST', url: path, headers: bearer(token), payload })).id as number;
    const family = await post('/api/family', { nameEn: 'Drinks', nameAr: 'مشروبات' });
    const category = await post('/api/category', { nameEn: 'Tea', nameAr: 'شاي', family });
    await post('/api/product', {
      nameEn: 'Karak Tea',
      nameAr: 'شاي كرك',
      family,
      category,
      barcode: '6281000000014',
    });
    const search = `/api/search?family=${family}&search=karak`;
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table products in access exclusive mode');
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: search, headers: bearer(token) });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(performance.now() - started).toBeLessThan(3000);
      await blocker.query('rollback');
      const again = await app.inject({ method: 'GET', url: search, headers: bearer(token) });
      expect(again.statusCode).toBe(200);
      expect(body(again)).toMatchObject({ count: 1 });
    } finally {
      await blocker.end();
    }
  });

  it('sets the timeout on every connection of the pool', async () => {
    const database = await openDatabase({ url, poolSize: 2, statementTimeoutMs: 1234 });
    try {
      const rows = resultRows<{ statement_timeout: string }>(
        await database.db.execute(sql`show statement_timeout`),
      );
      expect(rows[0]?.statement_timeout).toBe('1234ms');
    } finally {
      await database.close();
    }
  });
});
