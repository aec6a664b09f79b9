// A model-based property test of the history's promise: every change can be taken back whole.
// Random sequences of creates, edits, deletes, imports, image jobs, bulk requests and take-backs
// (revert, import, change set or image job undo, restore from the bin), by the admin and by an editor
// limited to one company, run against the real app and a small in-memory model of the catalogue; the
// two are compared after every step. Each run then takes back everything it did, newest first, and the
// catalogue must be as it was, row for row. After every step, a webhook subscriber replaying the
// events delivered so far holds that same catalogue.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/modules/users/users.repository';
import { snapshot } from '../src/modules/imports/imports.test-kit';
import { bearer, createTestApp, type TestApp } from './harness';
import { applyDelete, cloneModel, readModel, type Model } from './history-model';
import { takeBack } from './history-model-bulk';
import { commandArbitraries } from './history-model-commands';
import type { Real } from './history-model-real';
import { subscribeToRecords } from './history-model-events';

let t: TestApp;
let real: Real;

beforeAll(async () => {
  t = await createTestApp({
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    overrides: { webhooks: { timeoutMs: 5000, pollMs: 50 } },
  });
  const admin = await t.adminToken();
  // Subscribed before the first record is made, so the events describe the whole catalogue.
  const events = await subscribeToRecords(t, admin);
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  // Any barcode: the model's products and imports use codes that are not GTINs.
  const own = await post('/api/family', { nameEn: 'Own', nameAr: 'شركة المحرر', requireValidGtin: false });
  const other = await post('/api/family', { nameEn: 'Other', nameAr: 'شركة أخرى', requireValidGtin: false });
  for (const family of [own, other]) {
    const category = await post('/api/category', { nameEn: `Drinks ${family}`, nameAr: 'مشروبات', family });
    const sub = await post('/api/category', {
      nameEn: `Juice ${family}`,
      nameAr: 'عصير',
      family,
      parent: category,
    });
    await post('/api/product', {
      nameEn: `Cola ${family}`,
      nameAr: 'كولا',
      family,
      category,
      barcode: `9${family}01`,
    });
    await post('/api/product', {
      nameEn: `Orange ${family}`,
      nameAr: 'برتقال',
      family,
      category,
      subCategory: sub,
      barcode: `9${family}02`,
    });
  }
  await insertUser(t.database.db, {
    firstName: 'Editor',
    lastName: 'Own',
    username: 'editor-own',
    password: 'editor-password-1',
    role: 'editor',
    families: [own],
  });
  const editor = await t.login('admin', 'editor-own', 'editor-password-1');
  real = { t, tokens: { admin, editor }, editorFamily: own, counter: { n: 0 }, events };
});
afterAll(async () => {
  await real.events.receiver.close();
  await t.close();
});

describe('history model', () => {
  it('agrees with the model after every step, and taking everything back restores every row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbitraries(), { maxCommands: 20 }), async (commands) => {
        const before = await snapshot(t);
        const model = await readModel(t.database);
        await fc.asyncModelRun(() => ({ model, real }), commands);
        // Everything this run did, taken back newest first.
        while (model.stack.length > 0) await takeBack(model, real);
        expect(stripVolatile(await snapshot(t))).toEqual(stripVolatile(before));
      }),
      { numRuns: 30 },
    );
    // 30 runs of up to 20 steps, each checked against the database and the webhooks received: 15 to
    // 25 s on two quiet cores, past 30 s with other work beside it.
  }, 120_000);

  it('models deletes as the bin does: a sub-category gives its products to its parent', () => {
    const m: Model = {
      families: new Map([[1, { nameEn: 'F', nameAr: 'ف' }]]),
      categories: new Map([
        [1, { family: 1, parent: null, nameEn: 'C', nameAr: 'ج' }],
        [2, { family: 1, parent: 1, nameEn: 'S', nameAr: 'س' }],
      ]),
      products: new Map([
        [
          1,
          {
            family: 1,
            category: 1,
            subCategory: 2,
            nameEn: 'P',
            nameAr: 'م',
            barcode: '1',
            netWeight: null,
            image: null,
          },
        ],
      ]),
      stack: [],
    };
    const after = cloneModel(m);
    applyDelete(after, 'category', 2);
    expect([...after.categories.keys()]).toEqual([1]);
    expect(after.products.get(1)).toMatchObject({ category: 1, subCategory: null });
    applyDelete(after, 'family', 1);
    expect(after.products.size + after.categories.size + after.families.size).toBe(0);
  });
});

/** Timestamps of the last write change with every take-back; everything else must come back as it was. */
function stripVolatile(s: Awaited<ReturnType<typeof snapshot>>) {
  const strip = (rows: Record<string, unknown>[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'updated_at')));
  return { families: strip(s.families), categories: strip(s.categories), products: strip(s.products) };
}
