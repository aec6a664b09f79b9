import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { catalogue, jpeg, postImages, waitForJob } from '../../../test/image-upload-helpers';
import { zip } from '../../../test/zip';
import { createJob, updateJob } from './image-jobs.repository';

let t: TestApp;
const api = client(() => t);
let admin: string;
let a: Awaited<ReturnType<typeof catalogue>>;
let b: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp({
    env: { IMAGE_MAX_BYTES: String(1024 * 1024), IMAGE_ARCHIVE_MAX_BYTES: String(6 * 1024 * 1024) },
  });
  admin = await api.token('admin');
  a = await catalogue(t, admin, 'Alpha', [
    { nameEn: 'Tea', barcode: '6281000000017', number: '1001' },
    { nameEn: 'Coffee', barcode: '6281000000024', number: '1002' },
    { nameEn: 'Rice', barcode: '6281000000031', number: '5555' },
  ]);
  b = await catalogue(t, admin, 'Beta', [{ nameEn: 'Sugar', barcode: '6282000000016', number: '5555' }]);
});
afterAll(() => t.close());

const product = async (id: number) => body(await api.as('admin').get(`/api/product/${id}`));

describe('matching images to products by file name', () => {
  it('previews every status and writes nothing', async () => {
    // Coffee already has an image: a different file replaces it.
    const first = await postImages(t, admin, [{ filename: '1002.jpg', data: await jpeg(1) }]);
    expect(first.statusCode, first.body).toBe(202);
    await waitForJob(t, admin, body(first).id as number);

    const truncated = (await jpeg(9, 256)).subarray(0, 400);
    const archive = zip([
      { name: '6281000000017.jpg', data: await jpeg(10) },
      { name: 'photos/Deep/Nested/1002.JPG', data: await jpeg(11) },
      { name: '1001_icon.png', data: await jpeg(12) },
      { name: 'icons/١٠٠٢-ICON.jpeg', data: await jpeg(13) },
      { name: '5555.jpg', data: await jpeg(14) },
      { name: '9999.jpg', data: await jpeg(15) },
      { name: 'readme.txt', data: 'not an image' },
      { name: '6282000000016.jpg', data: truncated },
      { name: '../outside/6281000000031.jpg', data: await jpeg(16) },
      { name: 'again/6281000000017.png', data: await jpeg(17) },
      { name: '__MACOSX/._6281000000017.jpg', data: 'resource fork' },
      { name: 'photos/Thumbs.db', data: 'cache' },
      { name: 'photos/', data: '' },
    ]);
    const res = await postImages(t, admin, [{ filename: 'batch.zip', data: archive }], '?dryRun=true');
    expect(res.statusCode, res.body).toBe(200);
    const preview = body(res) as { counts: object; files: Record<string, unknown>[] };
    const byName: Record<string, Record<string, unknown>> = Object.fromEntries(
      preview.files.map((f) => [f.name, f]),
    );
    expect(Object.keys(byName)).toHaveLength(10);
    expect(byName['6281000000017.jpg']).toMatchObject({
      status: 'new',
      slot: 'image',
      product: { id: a.products[0], nameEn: 'Tea', nameAr: 'منتج Tea', current: null },
      thumbnail: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(byName['photos/Deep/Nested/1002.JPG']).toMatchObject({ status: 'replace', slot: 'image' });
    expect(byName['1001_icon.png']).toMatchObject({
      status: 'new',
      slot: 'logo',
      product: { id: a.products[0] },
    });
    expect(byName['icons/١٠٠٢-ICON.jpeg']).toMatchObject({
      status: 'new',
      slot: 'logo',
      product: { id: a.products[1] },
    });
    expect(byName['5555.jpg']).toMatchObject({
      status: 'ambiguous',
      reason: expect.stringMatching(/Alpha, Beta/),
    });
    expect(byName['9999.jpg']).toMatchObject({ status: 'unmatched', product: null });
    expect(byName['readme.txt']).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/not an image/),
    });
    expect(byName['6282000000016.jpg']).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/damaged/),
    });
    expect(byName['../outside/6281000000031.jpg']).toMatchObject({
      status: 'invalid',
      reason: 'The path leaves the archive',
    });
    expect(byName['again/6281000000017.png']).toMatchObject({
      status: 'invalid',
      reason: '6281000000017.jpg in this upload already sets it',
    });
    expect(preview.counts).toEqual({
      new: 3,
      replace: 1,
      unchanged: 0,
      unmatched: 1,
      ambiguous: 1,
      invalid: 4,
    });
    expect(await product(a.products[0]!)).toMatchObject({ image: null, logo: null });
  });

  it('matches within the chosen family only', async () => {
    const res = await postImages(
      t,
      admin,
      [{ filename: '5555.jpg', data: await jpeg(20) }],
      `?dryRun=true&family=${b.family}`,
    );
    expect(body(res).files).toEqual([
      expect.objectContaining({ status: 'new', product: expect.objectContaining({ id: b.products[0] }) }),
    ]);
    const missing = await postImages(
      t,
      admin,
      [{ filename: '5555.jpg', data: await jpeg(20) }],
      '?dryRun=true&family=999999',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('imports new and replaced images, then a re-run of the same files is all unchanged', async () => {
    const parts = [
      { filename: '6281000000017.jpg', data: await jpeg(30) },
      { filename: '1001_icon.jpg', data: await jpeg(31) },
      { filename: '1002.jpg', data: await jpeg(32) },
      { filename: 'nope.jpg', data: await jpeg(33) },
    ];
    const started = await postImages(t, admin, parts);
    expect(started.statusCode, started.body).toBe(202);
    expect(body(started)).toEqual({ id: expect.any(Number), state: 'queued' });
    const job = await waitForJob(t, admin, body(started).id as number);
    expect(job).toMatchObject({ state: 'done', done: 4, total: 4, error: null });
    expect(job.counts).toEqual({ new: 2, replace: 1, unchanged: 0, unmatched: 1, ambiguous: 0, invalid: 0 });

    const tea = await product(a.products[0]!);
    expect(tea.image).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(tea.logo).toMatch(/^[0-9a-f]{32}\.webp$/);
    const served = await api.anonymous.get(`/media/w320/${tea.image as string}`);
    expect(served.statusCode).toBe(200);

    const again = await postImages(t, admin, parts);
    const rerun = await waitForJob(t, admin, body(again).id as number);
    expect(rerun.counts).toEqual({
      new: 0,
      replace: 0,
      unchanged: 3,
      unmatched: 1,
      ambiguous: 0,
      invalid: 0,
    });
    const list = body(await api.as('admin').get('/api/upload/images'));
    const [newest, previous] = list.data as Record<string, unknown>[];
    expect(newest).toMatchObject({
      id: body(again).id,
      state: 'done',
      counts: { unchanged: 3, unmatched: 1 },
    });
    expect(previous).toMatchObject({ id: body(started).id, state: 'done', counts: { new: 2, replace: 1 } });
    // The list names the jobs; each job's file-by-file report is read on its own.
    expect(newest).not.toHaveProperty('files');
  });

  it('gives products that share a photo the same stored image, in one upload or after another', async () => {
    const photo = await jpeg(50, 200);
    const first = await postImages(t, admin, [
      { filename: 'rice/6281000000031.jpg', data: photo },
      { filename: 'sugar/6282000000016.jpg', data: photo },
    ]);
    expect((await waitForJob(t, admin, body(first).id as number)).counts).toMatchObject({ new: 2 });
    const rice = (await product(a.products[2]!)).image as string;
    expect((await product(b.products[0]!)).image).toBe(rice);
    // A product already names it: the next upload of the same photo is stored by that name too.
    const second = await postImages(t, admin, [{ filename: '1001.jpg', data: photo }]);
    expect((await waitForJob(t, admin, body(second).id as number)).counts).toMatchObject({ replace: 1 });
    expect((await product(a.products[0]!)).image).toBe(rice);
    for (const url of [`/media/${rice}`, `/media/w160/${rice}`, `/media/w640/${rice}`]) {
      expect((await api.anonymous.get(url)).statusCode, url).toBe(200);
    }
  });

  it('runs one job at a time per family: another gets 409', async () => {
    const running = await createJob(t.database.db, b.family);
    const res = await postImages(
      t,
      admin,
      [{ filename: '5555.jpg', data: await jpeg(40) }],
      `?family=${b.family}`,
    );
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toMatch(/already being imported/);
    await updateJob(t.database.db, running!.id, { state: 'done' });
  });
});

describe('archives that could hurt the server', () => {
  it('refuses a ZIP bomb: an archive that unpacks past the limit', async () => {
    const bomb = zip([{ name: '6281000000017.jpg', data: Buffer.alloc(8 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await postImages(t, admin, [{ filename: 'bomb.zip', data: bomb }], '?dryRun=true');
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatch(/bomb\.zip would unpack to more than/);
  });

  it('stops reading an entry that unpacks past what its header declares', async () => {
    const liar = zip([
      { name: '6281000000017.jpg', data: Buffer.alloc(3 * 1024 * 1024), declaredSize: 1000 },
    ]);
    const res = await postImages(t, admin, [{ filename: 'liar.zip', data: liar }], '?dryRun=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).files).toEqual([expect.objectContaining({ status: 'invalid' })]);
  });

  it('answers 400 naming the file field when no file is sent', async () => {
    const res = await api.as('admin').post('/api/upload/images?dryRun=true', {});
    expect(res.statusCode).toBe(400);
    expect(body(res).details).toMatchObject([{ path: 'body.file', message: expect.any(String) }]);
  });
});
