import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { familyBody as family, newFamily } from '../../../test/fixtures';
import { insertUser } from '../users/users.repository';

let t: TestApp;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.database.db, {
    firstName: 'Reader',
    lastName: 'One',
    username: 'reader',
    password: 'reader-password',
    role: 'user',
  });
  reader = await t.login('user', 'reader', 'reader-password');
});
afterAll(() => t.close());

const api = client(() => t);

describe('families', () => {
  it('creates a family and gives it back with name {ar, en}, then reads it', async () => {
    const res = await api.as('admin').post('/api/family', {
      nameEn: '  Al Safi ',
      nameAr: 'الصافي',
      logo: 'abcdefgh1234.webp',
      image: '',
      cover: null,
    });
    expect(res.statusCode).toBe(201);
    const created = body(res);
    expect(created).toEqual({
      id: expect.any(Number),
      name: { ar: 'الصافي', en: 'Al Safi' },
      nameAr: 'الصافي',
      nameEn: 'Al Safi',
      logo: 'abcdefgh1234.webp',
      image: null,
      cover: null,
      requireValidGtin: true,
      status: 'published',
      publishAt: null,
    });
    const one = await api.as(reader).get(`/api/family/${String(created.id)}`);
    expect(one.statusCode).toBe(200);
    expect(body(one)).toEqual({
      ...created,
      counts: { categories: 0, products: 0, complete: { ar: 0, en: 0 } },
    });
    expect(one.body).not.toMatch(/created_?at|updated_?at/i);
  });

  it('names each bad field with a 400 and changes nothing', async () => {
    const before = await readCatalogueVersion(t.database.db);
    const res = await api.as('admin').post('/api/family', { nameEn: ' ', logo: '../../etc/passwd' });
    expect(res.statusCode).toBe(400);
    expect(body(res).details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.nameEn', message: 'This field is required' }),
        expect.objectContaining({ path: 'body.nameAr', message: 'This field is required' }),
        expect.objectContaining({ path: 'body.logo', message: 'must be the name of an uploaded image' }),
      ]),
    );
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
  });

  it('refuses a second family with the same English name in any letter case (409)', async () => {
    await newFamily(api, 'Duplicate Co');
    const res = await api.as('admin').post('/api/family', family('DUPLICATE co'));
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      message: 'nameEn: A family with this English name already exists',
      details: [{ path: 'body.nameEn', message: 'A family with this English name already exists' }],
    });
  });

  it('updates a family, bumping the catalogue version; a clash on update is a 409', async () => {
    const id = await newFamily(api, 'Before Name');
    await newFamily(api, 'Taken Name');
    const before = await readCatalogueVersion(t.database.db);
    const res = await api
      .as('admin')
      .patch(`/api/family/${id}`, family('After Name', { cover: 'cover_123-abc.webp' }));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      id,
      nameEn: 'After Name',
      name: { en: 'After Name' },
      cover: 'cover_123-abc.webp',
    });
    expect(await readCatalogueVersion(t.database.db)).toBe(before + 1);
    const clash = await api.as('admin').patch(`/api/family/${id}`, family('taken name'));
    expect(clash.statusCode).toBe(409);
    expect(await readCatalogueVersion(t.database.db)).toBe(before + 1);
  });

  it('answers 404 for an unknown id on read, update and delete, and 400 for a malformed id', async () => {
    expect((await api.as(reader).get('/api/family/999999')).statusCode).toBe(404);
    expect((await api.as('admin').patch('/api/family/999999', family('Ghost'))).statusCode).toBe(404);
    const del = await api.as('admin').delete('/api/family/999999');
    expect(del.statusCode).toBe(404);
    expect(body(del)).toMatchObject({
      statusCode: 404,
      code: 'request.notFound',
      params: { what: 'Family' },
      message: 'Family not found',
    });
    const bad = await api.as(reader).get('/api/family/abc');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'params.id', message: 'must be a positive whole number' },
    ]);
  });

  it('needs a token to read (401) and an admin to write (403)', async () => {
    expect((await api.anonymous.get('/api/family')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/family', family('No Token'))).statusCode).toBe(401);
    expect((await api.as(reader).get('/api/family')).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/family'],
      ['PUT', '/api/family/1'],
      ['DELETE', '/api/family/1'],
    ] as const) {
      const res = await api.as(reader).send(method, url, family('Reader Write'));
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('family list', () => {
  it('pages in id order with the total count, and searches either name', async () => {
    const made: number[] = [];
    for (let i = 1; i <= 5; i++) made.push(await newFamily(api, `Paging ${i}`, { nameAr: `ترقيم ${i}` }));
    const all = body(await api.as(reader).get('/api/family?limit=100')) as {
      data: { id: number }[];
      count: number;
    };
    expect(all.data.map((f) => f.id)).toEqual([...all.data.map((f) => f.id)].sort((a, b) => a - b));
    expect(all.count).toBe(all.data.length);

    const page = body(await api.as(reader).get('/api/family?search=paging&limit=2&skip=2'));
    expect(page.count).toBe(5);
    expect((page.data as { id: number }[]).map((f) => f.id)).toEqual(made.slice(2, 4));

    const arabic = body(await api.as(reader).get(`/api/family?search=${encodeURIComponent('ترقيم 3')}`));
    expect(arabic).toMatchObject({ count: 1, data: [{ nameEn: 'Paging 3' }] });
  });

  it('clamps limit to 1..100 and skip to 0 or more, and treats % and _ as plain text', async () => {
    const big = body(await api.as(reader).get('/api/family?limit=500&skip=-3')) as { data: unknown[] };
    expect(big.data.length).toBeLessThanOrEqual(100);
    const one = body(await api.as(reader).get('/api/family?limit=0')) as { data: unknown[] };
    expect(one.data).toHaveLength(1);
    expect(body(await api.as(reader).get('/api/family?search=%25')).count).toBe(0);
    expect(body(await api.as(reader).get('/api/family?search=_')).count).toBe(0);
  });
});
