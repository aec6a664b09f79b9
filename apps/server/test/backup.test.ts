import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './harness';
import { adminToken, startServer } from './server-process';

// The backup commands the README documents, restored into a new place: the catalogue is intact.
// PGlite: stop, `tar -czf backup.tar.gz -C DATA_DIR .`, extract into an empty DATA_DIR.
// PostgreSQL: `pg_dump -Fc`, `pg_restore` into an empty database, plus DATA_DIR/media copied the same way.

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `dalil-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

async function snapshot(url: string) {
  const token = await adminToken(url);
  const get = async (path: string) =>
    (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id: number; nameEn: string; image?: string | null; barcode?: string | null }[];
      count: number;
    };
  const families = await get('/api/family?limit=100');
  const products = await get('/api/product?limit=100');
  const image = products.data.find((p) => p.image)?.image;
  const media = image ? (await fetch(`${url}/media/${image}`)).status : 0;
  return {
    families: families.data.map((f) => f.nameEn).sort(),
    products: products.count,
    barcodes: products.data.map((p) => p.barcode).sort(),
    media,
  };
}

describe('backup and restore', () => {
  it('restores the whole catalogue, images included', async () => {
    const fresh = await freshDatabase();
    await fresh.database.close();
    drops.push(fresh.drop);
    const dataDir = tempDir('backup-source');
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) };

    const source = await startServer(env);
    const before = await snapshot(source.url);
    expect(before.products).toBe(120);
    expect(before.media).toBe(200);
    source.proc.kill('SIGTERM');
    expect((await source.exited).code, source.output().slice(-2000)).toBe(0);

    const archive = join(tempDir('backup-archive'), 'dalil-backup.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', dataDir, '.']);
    const restoredDir = tempDir('backup-restored');
    mkdirSync(restoredDir, { recursive: true });
    execFileSync('tar', ['-xzf', archive, '-C', restoredDir]);

    let restoredEnv: Record<string, string> = { DATA_DIR: restoredDir, SEED_DEMO: 'true' };
    if (fresh.url) {
      const dump = join(tempDir('backup-dump'), 'dalil.dump');
      execFileSync('pg_dump', ['-Fc', '-f', dump, fresh.url]);
      const target = await freshDatabase();
      await target.database.close();
      drops.push(target.drop);
      // The target was migrated by freshDatabase; restore replaces its objects with the dump's.
      execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', target.url!, dump]);
      restoredEnv = { ...restoredEnv, DATABASE_URL: target.url! };
    }
    const restored = await startServer(restoredEnv);
    try {
      expect(await snapshot(restored.url)).toEqual(before);
    } finally {
      restored.proc.kill('SIGTERM');
      await restored.exited;
    }
  }, 120_000);
});
