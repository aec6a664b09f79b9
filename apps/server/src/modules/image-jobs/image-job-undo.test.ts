import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { catalogue, jpeg, postImages, waitForJob } from '../../../test/image-upload-helpers';

let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<typeof catalogue>>;

const BARCODES = ['6281000000017', '6281000000024', '6281000000031', '6281000000048'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
  a = await catalogue(
    t,
    admin,
    'Alpha',
    BARCODES.map((barcode, i) => ({ nameEn: `Item ${i}`, barcode })),
  );
});
afterAll(() => t.close());

const api = client(() => t);
const get = async (url: string) => body(await api.as('admin').get(url));
const image = async (id: number) => (await get(`/api/product/${id}`)).image as string | null;
const historyOf = async (id: number) =>
  ((await get(`/api/activity?entity=product&entityId=${id}&limit=100`)) as { data: Activity[] }).data;
const undo = (job: number) => api.as('admin').post(`/api/upload/images/${job}/undo`);

/** Runs one image job with a photo for each product, in the given hue; answers the job. */
async function loadPhotos(hue: number) {
  const parts = await Promise.all(
    BARCODES.map(async (barcode, i) => ({ filename: `${barcode}.jpg`, data: await jpeg(hue + i) })),
  );
  const res = await postImages(t, admin, parts);
  expect(res.statusCode, res.body).toBe(202);
  return waitForJob(t, admin, body(res).id as number);
}

describe('an image job in the history', () => {
  it("records each product's photo before and after, and undoes the job whole", async () => {
    await loadPhotos(10);
    const first = await Promise.all(a.products.map(image));
    expect(first.every((name) => typeof name === 'string')).toBe(true);

    const job = await loadPhotos(100);
    expect(job).toMatchObject({ state: 'done', changed: 4, undoneAt: null });
    const second = await Promise.all(a.products.map(image));
    for (const [i, id] of a.products.entries()) {
      expect(second[i]).not.toBe(first[i]);
      expect((await historyOf(id))[0]).toMatchObject({
        action: 'update',
        entity: 'product',
        changes: { image: { before: first[i], after: second[i] } },
      });
    }
    const jobEntry = ((await get('/api/activity?entity=imageJob&limit=10')) as { data: Activity[] }).data[0];
    expect(jobEntry).toMatchObject({
      action: 'import',
      entityId: job.id,
      changes: { products: { after: 4 } },
    });

    // Someone changes one product's photo by hand: the undo would throw that away.
    const [firstId] = a.products;
    const edited = await get(`/api/product/${firstId}`);
    const { id: _id, name: _name, ...form } = edited;
    const put = (name: string | null) =>
      api.as('admin').put(`/api/product/${firstId}`, { ...form, image: name });
    expect((await put('by-hand-image1.webp')).statusCode).toBe(200);
    const refused = await undo(job.id as number);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).details).toMatchObject([
      { path: `product ${firstId}`, message: 'image changed since' },
    ]);
    expect(await Promise.all(a.products.map(image))).toEqual(['by-hand-image1.webp', ...second.slice(1)]);

    expect((await put(second[0]!)).statusCode).toBe(200);
    const done = await undo(job.id as number);
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done)).toMatchObject({ changed: 4, undoneAt: expect.any(String) });
    expect(await Promise.all(a.products.map(image))).toEqual(first);
    for (const [i, id] of a.products.entries()) {
      expect((await historyOf(id))[0]).toMatchObject({
        action: 'undo',
        changes: { image: { before: second[i], after: first[i] } },
      });
    }
    const undoEntry = ((await get('/api/activity?entity=imageJob&limit=10')) as { data: Activity[] }).data[0];
    expect(undoEntry).toMatchObject({
      action: 'undo',
      entityId: job.id,
      changes: { products: { after: 4 } },
    });
    expect((await undo(job.id as number)).statusCode).toBe(409);
    expect((await undo(999_999)).statusCode).toBe(404);
  });
});
