import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { allRow, ALL_HEADER, csv, upload } from './imports.test-kit';

let t: TestApp;
let admin: string;

const api = client(() => t);
const load = async (rows: string[][], name: string) => {
  const res = await upload(t, admin, '/api/upload/all', csv([ALL_HEADER, ...rows]), 'file', name);
  expect(res.status).toBe(200);
  return res.body.importId!;
};
const historyOf = async (entity: string, id: number) =>
  (
    body(await api.as('admin').get(`/api/activity?entity=${entity}&entityId=${id}&limit=100`)) as {
      data: Activity[];
    }
  ).data;
const weights = (netWeight: string) => ['1 year', netWeight, '', '12', '40', ''];

beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

describe("an import in each record's own history", () => {
  it("shows the net weight an import changed in the product's history, linked to the import, and its undo", async () => {
    const first = await load([allRow('Hist Co', 'Drinks', 'Water', '2001', weights('250 (g)'))], 'first.csv');
    const list = body(await api.as('admin').get('/api/product?limit=100&search=2001')).data as {
      id: number;
    }[];
    const product = list[0]!.id;
    const [created] = await historyOf('product', product);
    expect(created).toMatchObject({
      action: 'import',
      entity: 'product',
      import: { id: first, fileName: 'first.csv' },
      changes: { nameEn: { before: null, after: 'Water' }, netWeight: { before: null, after: '250 (g)' } },
    });

    const second = await load(
      [
        allRow('Hist Co', 'Drinks', 'Water', '2001', weights('500 (g)')),
        allRow('Hist Co', 'Drinks', 'Milk', '2002', weights('1 (l)')),
      ],
      'weights.csv',
    );
    const entries = await historyOf('product', product);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor: { username: 'admin' },
      action: 'import',
      family: created!.family,
      import: { id: second, fileName: 'weights.csv' },
    });
    // Only what this import changed for this product.
    expect(entries[0]!.changes).toEqual({ netWeight: { before: '250 (g)', after: '500 (g)' } });

    // A row the import left as it was gets no entry.
    expect(await historyOf('category', created!.changes.category!.after as number)).toHaveLength(1);

    expect((await api.as('admin').post(`/api/import/${second}/undo`)).statusCode).toBe(200);
    const [undone] = await historyOf('product', product);
    expect(undone).toMatchObject({
      action: 'undo',
      import: { id: second, fileName: 'weights.csv' },
      changes: { netWeight: { before: '500 (g)', after: '250 (g)' } },
    });
    expect(body(await api.as('admin').get(`/api/product/${product}`)).netWeight).toBe('250 (g)');
  });
});
