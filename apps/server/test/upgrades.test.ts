import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { readJournal } from '../src/db/schema-version';
import { resultRows } from '../src/lib/db-helpers';
import { allRow, ALL_HEADER, csv, upload } from '../src/modules/imports/imports.test-kit';
import { bearer, body, createTestApp, type TestApp } from './harness';
import { serverDatabase, startServer } from './server-process';

const journal = readJournal(join(import.meta.dirname, '../drizzle'));
const buildSchema = journal.at(-1)!.tag;

describe('a database migrated past the build', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  const open = () => openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : dataDir });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dalil-upgrade-'));
    ({ env, drop } = await serverDatabase(dataDir));
    // What a newer release leaves behind: one more migration applied, and its name noted.
    const database = await open();
    const later = journal.at(-1)!.when + 86_400_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${later})`,
    );
    await database.db.execute(
      sql`insert into drizzle.dalil_migration_names (created_at, tag) values (${later}, '0099_price_lists')`,
    );
    await database.close();
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused by the older build, naming both schemas and the way back, and left as it was', async () => {
    await expect(open()).rejects.toThrow(
      new RegExp(`schema is 0099_price_lists, and this build knows schema up to ${buildSchema}`),
    );
    await expect(open()).rejects.toThrow(/restore the backup taken before the upgrade/);
  });

  it('stops the server process before it listens, with the reason on the terminal', async () => {
    const server = startServer(env);
    await expect(server).rejects.toThrow(/server exited before listening/);
    const output = await server.catch((err: Error) => err.message);
    expect(output).toContain('0099_price_lists');
    expect(output).toContain(buildSchema);
    expect(output).toContain('docs/reliability.md');
    expect(output).not.toMatch(/at .*schema-version/); // a message for a person, not a stack trace
  }, 90_000);
});

describe('records written by an earlier release', () => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  // The columns that came with drafts and publish dates: a release before them recorded rows without.
  const since = ['status', 'publish_at'];
  const withoutLaterColumns = (column: string) => sql.raw(`(${column} - '${since[0]}' - '${since[1]}')`);

  it('an import recorded before a column was added is undone, leaving that column as it is', async () => {
    const load = async (name: string, rows: string[][]) => {
      const res = await upload(t, admin, '/api/upload/all', csv([ALL_HEADER, ...rows]), 'file', name);
      expect(res.status).toBe(200);
      return res.body.importId!;
    };
    await load('first.csv', [allRow('Old Co', 'Drinks', 'Water', '7001')]);
    const second = await load('second.csv', [
      allRow('Old Co', 'Drinks', 'Still water', '7001'),
      allRow('Old Co', 'Drinks', 'Juice', '7002'),
    ]);
    await t.database.db.execute(sql`update import_changes set before = ${withoutLaterColumns('before')},
      after = ${withoutLaterColumns('after')} where import_id = ${second}`);
    // Since the upgrade, someone made the product a draft: the undo neither clears nor resets that.
    const list = body(await call('GET', '/api/product?limit=100')).data as {
      id: number;
      barcode: string;
    }[];
    const water = list.find((p) => p.barcode === '7001')!;
    const current = body(await call('GET', `/api/product/${water.id}`));
    const edit = await call('PUT', `/api/product/${water.id}`, { ...current, status: 'draft' });
    expect(edit.statusCode, edit.body).toBe(200);

    const undo = await call('POST', `/api/import/${second}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(body(undo)).toEqual({ importId: second, skipped: [] });
    const after = body(await call('GET', `/api/product/${water.id}`));
    expect(after).toMatchObject({ nameEn: 'Water', status: 'draft' });
    const left = body(await call('GET', '/api/product?limit=100')).data as { barcode: string }[];
    expect(left.map((p) => p.barcode)).toEqual(['7001']);
  });

  it('a product put in the bin before a column was added is restored with that column’s default', async () => {
    const family = body(
      await call('POST', '/api/family', { nameEn: 'Bin Co', nameAr: 'شركة', requireValidGtin: false }),
    ).id as number;
    const category = body(await call('POST', '/api/category', { nameEn: 'Tea', nameAr: 'شاي', family }))
      .id as number;
    const made = await call('POST', '/api/product', {
      nameEn: 'Green tea',
      nameAr: 'شاي أخضر',
      family,
      category,
      status: 'draft',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = body(made).id as number;
    expect((await call('DELETE', `/api/product/${id}`)).statusCode).toBe(204);
    await t.database.db.execute(
      sql`update bin_rows set row = ${withoutLaterColumns('row')} where entity = 'product' and entity_id = ${id}`,
    );
    const [entry] = resultRows<{ entry_id: number }>(
      await t.database.db.execute(
        sql`select entry_id from bin_rows where entity = 'product' and entity_id = ${id}`,
      ),
    );
    const restored = await call('POST', `/api/bin/${entry!.entry_id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    // Rows from before drafts existed were all published: the column's default says so.
    expect(body(await call('GET', `/api/product/${id}`))).toMatchObject({
      nameEn: 'Green tea',
      status: 'published',
      publishAt: null,
    });
  });
});
