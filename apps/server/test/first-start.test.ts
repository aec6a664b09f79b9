import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccounts } from '../src/seed/accounts';
import type { Database } from '../src/db/client';
import { localMediaStore } from '../src/lib/media-store-local';
import { seedDemoCatalogue } from '../src/seed/demo-catalogue';
import { categories, families, products, users } from '../src/db/schema';
import { verifyPassword } from '../src/lib/passwords';
import { freshDatabase, testConfig } from './harness';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('first start', () => {
  it('creates the admin with a generated password once, and the guest account', async () => {
    const config = testConfig({ ADMIN_PASSWORD: '' });
    const created = await ensureAccounts(database.db, config);
    expect(created?.username).toBe('admin');
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(await verifyPassword(admin!.passwordHash, created!.generatedPassword!)).toBe(true);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    expect(await ensureAccounts(database.db, config)).toBeNull();
    const all = await database.db.select({ username: users.username, role: users.role }).from(users);
    expect(all.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: 'admin', role: 'admin' },
      { username: 'guest', role: 'user' },
    ]);
  });

  it('creates the demo catalogue once, with images, and never again', async () => {
    const config = testConfig();
    expect(await seedDemoCatalogue(database.db, localMediaStore(config.mediaDir))).toBe(true);
    const totals = async () => ({
      families: (await database.db.select({ n: count() }).from(families))[0]!.n,
      categories: (await database.db.select({ n: count() }).from(categories))[0]!.n,
      products: (await database.db.select({ n: count() }).from(products))[0]!.n,
    });
    expect(await totals()).toEqual({ families: 3, categories: 12, products: 120 });
    const [sample] = await database.db.select().from(products).limit(1);
    expect(sample!.barcode).toMatch(/^628\d{10}$/);
    expect(sample!.image).toMatch(/^[A-Za-z0-9_-]+\.webp$/);
    expect(sample!.nameAr).toMatch(/[\u0600-\u06FF]/);

    expect(await seedDemoCatalogue(database.db, localMediaStore(config.mediaDir))).toBe(false);
    expect(await totals()).toEqual({ families: 3, categories: 12, products: 120 });
    // Deleting the demo does not bring it back on the next start.
    await database.db.delete(families);
    expect(await seedDemoCatalogue(database.db, localMediaStore(config.mediaDir))).toBe(false);
    expect((await totals()).products).toBe(0);
  });
});
