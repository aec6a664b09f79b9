import type { SearchResult } from '@dalil/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client, type Method } from '../../../test/client';
import { createdId, newCategory, newFamily, newProduct } from '../../../test/fixtures';
import { csv, upload } from '../imports/imports.test-kit';
import { insertUser } from '../users/users.repository';

// Synonym groups per family (docs/decisions/0024-word-search.md, "Synonyms per family").
let t: TestApp;
let admin: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
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
const groupsOf = async (family: number) => {
  const res = await api.as('admin').get(`/api/synonyms?family=${family}&limit=100`);
  expect(res.statusCode).toBe(200);
  return (body(res).data as { words: string[] }[]).map((g) => g.words);
};

async function search(family: number, q: string): Promise<string[]> {
  const res = await api.as(reader).get('/api/search', { query: { family: String(family), search: q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>().data.map((p) => p.nameEn);
}

describe('synonym groups: create, read, list, update, delete', () => {
  it('keeps a group of words as typed, lists it by family and word, and updates and deletes it', async () => {
    const fam = await newFamily(api, 'Syn Crud');
    const other = await newFamily(api, 'Syn Crud Other');
    const res = await api.as('admin').post('/api/synonyms', {
      family: String(fam),
      words: [' تمر ', 'تمور', 'Dates', 'dates'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = body(res);
    // Trimmed, and the same word written twice (any case) kept once.
    expect(created).toEqual({ id: expect.any(Number), family: fam, words: ['تمر', 'تمور', 'Dates'] });
    expect(body(await api.as('admin').get(`/api/synonyms/${String(created.id)}`))).toEqual(created);

    await createdId(api, '/api/synonyms', { family: fam, words: ['حمص', 'hummus'] });
    await createdId(api, '/api/synonyms', { family: other, words: ['حمص', 'hummus'] });
    const byFamily = body(await api.as('admin').get(`/api/synonyms?family=${fam}`));
    expect(byFamily.count).toBe(2);
    const bySearch = body(await api.as('admin').get(`/api/synonyms?family=${fam}&search=HUMM`));
    expect(bySearch).toEqual({ count: 1, data: [expect.objectContaining({ words: ['حمص', 'hummus'] })] });
    const paged = body(await api.as('admin').get(`/api/synonyms?family=${fam}&limit=1&skip=1`));
    expect(paged).toEqual({ count: 2, data: [expect.objectContaining({ words: ['حمص', 'hummus'] })] });

    const updated = await api.as('admin').put(`/api/synonyms/${String(created.id)}`, {
      family: fam,
      words: ['تمر', 'تمور'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(body(updated).words).toEqual(['تمر', 'تمور']);

    expect((await api.as('admin').delete(`/api/synonyms/${String(created.id)}`)).statusCode).toBe(204);
    expect((await api.as('admin').get(`/api/synonyms/${String(created.id)}`)).statusCode).toBe(404);
    expect((await api.as('admin').delete(`/api/synonyms/${String(created.id)}`)).statusCode).toBe(404);
    expect(
      (await api.as('admin').put('/api/synonyms/999999', { family: fam, words: ['a1', 'b1'] })).statusCode,
    ).toBe(404);
  });

  it('refuses bad words with a 400 naming the field, and changes nothing', async () => {
    const fam = await newFamily(api, 'Syn Valid');
    const before = await readCatalogueVersion(t.database.db);
    const cases: [unknown, string][] = [
      [['تمر'], 'body.words'],
      [['تمر', 'تَمْر'], 'body.words'],
      [['Dates', 'DATES '], 'body.words'],
      [['تمر', '  '], 'body.words.1'],
      [['تمر', '!!!'], 'body.words.1'],
      [['تمر', 'x'.repeat(61)], 'body.words.1'],
      [['olive oil', 'زيت'], 'body.words.0'],
      [Array.from({ length: 21 }, (_, i) => `w${i}`), 'body.words'],
      ['تمر تمور', 'body.words'],
    ];
    for (const [words, path] of cases) {
      const res = await api.as('admin').post('/api/synonyms', { family: fam, words });
      expect(res.statusCode, JSON.stringify(words)).toBe(400);
      expect(body(res).details, JSON.stringify(words)).toMatchObject([{ path, message: expect.any(String) }]);
    }
    const missing = await api.as('admin').post('/api/synonyms', { family: '', words: ['a1', 'b1'] });
    expect(body(missing).details).toMatchObject([{ path: 'body.family', message: 'This field is required' }]);
    const unknown = await api.as('admin').post('/api/synonyms', { family: 999999, words: ['a1', 'b1'] });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({
      message: 'family: No family has this id',
      details: [{ path: 'body.family', message: 'No family has this id' }],
    });
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
    expect(await groupsOf(fam)).toEqual([]);
  });

  it('refuses a word already in another group of the family with a 409 naming words', async () => {
    const fam = await newFamily(api, 'Syn Dup');
    const other = await newFamily(api, 'Syn Dup Other');
    const first = await createdId(api, '/api/synonyms', { family: fam, words: ['جبن', 'أجبان'] });
    const dup = await api.as('admin').post('/api/synonyms', { family: fam, words: ['cheese', 'اجبان'] });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({
      message: 'words: "اجبان" is already in another synonym group of this family',
      details: [{ path: 'body.words', message: expect.stringContaining('اجبان') }],
    });
    // Another family may hold the same words; a group may keep its own words on update.
    await createdId(api, '/api/synonyms', { family: other, words: ['cheese', 'اجبان'] });
    const same = await api.as('admin').put(`/api/synonyms/${first}`, {
      family: fam,
      words: ['جبن', 'أجبان', 'جبنة'],
    });
    expect(same.statusCode, same.body).toBe(200);
    const second = await createdId(api, '/api/synonyms', { family: fam, words: ['cheese', 'fromage'] });
    const clash = await api.as('admin').put(`/api/synonyms/${second}`, {
      family: fam,
      words: ['cheese', 'جبنة'],
    });
    expect(clash.statusCode).toBe(409);
    expect(await groupsOf(fam)).toEqual([
      ['جبن', 'أجبان', 'جبنة'],
      ['cheese', 'fromage'],
    ]);
  });

  it('answers administrators only: 401 without a token, 403 with a catalogue token', async () => {
    const fam = await newFamily(api, 'Syn Access');
    const group = await createdId(api, '/api/synonyms', { family: fam, words: ['a1b', 'b1a'] });
    const routes: [Method, string, object?][] = [
      ['GET', '/api/synonyms'],
      ['GET', `/api/synonyms/${group}`],
      ['POST', '/api/synonyms', { family: fam, words: ['c1', 'd1'] }],
      ['PUT', `/api/synonyms/${group}`, { family: fam, words: ['c1', 'd1'] }],
      ['DELETE', `/api/synonyms/${group}`],
      ['GET', `/api/synonyms/export.csv?family=${fam}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await api.anonymous.send(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api.as(reader).send(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const imported = await upload(t, reader, `/api/synonyms/import/${fam}`, csv([['words'], ['x1', 'y1']]));
    expect(imported.status).toBe(403);
    expect(await groupsOf(fam)).toEqual([['a1b', 'b1a']]);
  });

  it('goes with its family when the family is deleted', async () => {
    const fam = await newFamily(api, 'Syn Cascade');
    const group = await createdId(api, '/api/synonyms', { family: fam, words: ['p1', 'q1'] });
    expect((await api.as('admin').delete(`/api/family/${fam}`)).statusCode).toBe(204);
    expect((await api.as('admin').get(`/api/synonyms/${group}`)).statusCode).toBe(404);
  });
});

describe('synonym groups in search', () => {
  it('finds a product through its family synonym at once (the cached answer expires), not in another family', async () => {
    const fam = await newFamily(api, 'Syn Search');
    const other = await newFamily(api, 'Syn Search Other');
    const cat = await newCategory(api, fam, 'Dips');
    const otherCat = await newCategory(api, other, 'Dips');
    await newProduct(api, fam, cat, 'Aubergine Dip', { nameAr: 'متبل' });
    await newProduct(api, other, otherCat, 'Aubergine Dip', { nameAr: 'متبل' });

    // Searched first, so the empty answer is in the cache when the group arrives.
    expect(await search(fam, 'eggplant')).toEqual([]);
    expect(await search(fam, 'باذنجان')).toEqual([]);
    await createdId(api, '/api/synonyms', { family: fam, words: ['aubergine', 'eggplant', 'باذنجان'] });
    expect(await search(fam, 'eggplant')).toEqual(['Aubergine Dip']);
    expect(await search(fam, 'eggplants dip')).toEqual(['Aubergine Dip']);
    expect(await search(fam, 'الباذنجان')).toEqual(['Aubergine Dip']);
    expect(await search(other, 'eggplant')).toEqual([]);

    // Deleting the group takes the match away again; the built-in groups stay whatever the family has.
    const groups = body(await api.as('admin').get(`/api/synonyms?family=${fam}`)).data as { id: number }[];
    expect((await api.as('admin').delete(`/api/synonyms/${groups[0]!.id}`)).statusCode).toBe(204);
    expect(await search(fam, 'eggplant')).toEqual([]);
  });

  it('ranks a family synonym with the stemmed words, below the exact word', async () => {
    const fam = await newFamily(api, 'Syn Rank');
    const cat = await newCategory(api, fam, 'Spreads');
    await newProduct(api, fam, cat, 'Zaatar Mix', { nameAr: 'خلطة زعتر' });
    await newProduct(api, fam, cat, 'Thyme Leaves', { nameAr: 'أوراق صعتر' });
    await createdId(api, '/api/synonyms', { family: fam, words: ['thyme', 'zaatar'] });
    expect(await search(fam, 'zaatar')).toEqual(['Zaatar Mix', 'Thyme Leaves']);
    expect(await search(fam, 'thyme')).toEqual(['Thyme Leaves', 'Zaatar Mix']);
  });
});

describe('synonym groups as CSV', () => {
  const exportCsv = (family: number) => api.as('admin').get(`/api/synonyms/export.csv?family=${family}`);

  it('exports a family and imports the file into another: the same groups', async () => {
    const from = await newFamily(api, 'Syn Csv From');
    const to = await newFamily(api, 'Syn Csv To');
    await createdId(api, '/api/synonyms', { family: from, words: ['تمر', 'تمور', 'dates'] });
    await createdId(api, '/api/synonyms', { family: from, words: ["ka'ak", 'كعك'] });
    const res = await exportCsv(from);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe("\uFEFFwords\r\nتمر,تمور,dates\r\nka'ak,كعك\r\n");

    await createdId(api, '/api/synonyms', { family: to, words: ['old1', 'old2'] });
    const replaced = await upload(t, admin, `/api/synonyms/import/${to}?mode=replace`, res.rawPayload);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ created: 2, removed: 1 });
    const history = await api.as('admin').get(`/api/activity?entity=synonym&action=import&family=${to}`);
    expect(history.json()).toMatchObject({
      count: 1,
      data: [
        {
          actor: { username: 'admin' },
          action: 'import',
          family: to,
          changes: {
            mode: { before: null, after: 'replace' },
            groups: { before: null, after: { created: 2, removed: 1 } },
          },
        },
      ],
    });
    expect(await groupsOf(to)).toEqual([
      ['تمر', 'تمور', 'dates'],
      ["ka'ak", 'كعك'],
    ]);
    expect((await exportCsv(to)).body).toBe(res.body);
  });

  it('escapes words a spreadsheet would run as a formula, and reads them back as they were', async () => {
    const from = await newFamily(api, 'Syn Csv Formula From');
    const to = await newFamily(api, 'Syn Csv Formula To');
    await createdId(api, '/api/synonyms', {
      family: from,
      words: ['=cmd', '+sum', '-minus', '@hyperlink', "'=quoted"],
    });
    const res = await exportCsv(from);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("\uFEFFwords\r\n'=cmd,'+sum,'-minus,'@hyperlink,''=quoted\r\n");
    const imported = await upload(t, admin, `/api/synonyms/import/${to}?mode=replace`, res.rawPayload);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await groupsOf(to)).toEqual([['=cmd', '+sum', '-minus', '@hyperlink', "'=quoted"]]);
  });

  it('merges a semicolon file into the family groups', async () => {
    const fam = await newFamily(api, 'Syn Csv Merge');
    await createdId(api, '/api/synonyms', { family: fam, words: ['حلوى', 'حلويات'] });
    const merged = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam}`,
      // A spreadsheet pads every line to the longest: the header then shows the separator too.
      csv([['Words', '', ''], ['halva', 'halawa', ''], [], ['خضار', 'خضروات', '']], ';'),
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ created: 2, removed: 0 });
    expect(await groupsOf(fam)).toEqual([
      ['حلوى', 'حلويات'],
      ['halva', 'halawa'],
      ['خضار', 'خضروات'],
    ]);
  });

  it('refuses a file with bad lines, naming each line, and imports nothing', async () => {
    const fam = await newFamily(api, 'Syn Csv Bad');
    await createdId(api, '/api/synonyms', { family: fam, words: ['زيت', 'زيوت'] });
    const before = await readCatalogueVersion(t.database.db);
    const bad = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam}?mode=replace`,
      csv([['words'], ['ok1', 'ok2'], ['alone'], ['a2', 'x'.repeat(61)], ['two words', 'b2'], ['ok1', 'c2']]),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.details).toMatchObject([
      { path: 'line 3', message: 'needs at least two different words' },
      { path: 'line 4, cell 2', message: 'must be at most 60 characters' },
      { path: 'line 5, cell 1', message: 'must be a single word' },
    ]);
    const dupes = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam}`,
      csv([['words'], ['ok1', 'ok2'], ['OK1', 'c2'], ['زيوت', 'oil']]),
    );
    expect(dupes.status).toBe(422);
    expect(dupes.body.details).toMatchObject([
      { path: 'line 3', message: '"OK1" is also on line 2' },
      { path: 'line 4', message: '"زيوت" is already in a synonym group of this family' },
    ]);
    const header = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam}`,
      csv([
        ['word', 'x'],
        ['a3', 'b3'],
      ]),
    );
    expect(header.status).toBe(422);
    expect(header.body.details).toMatchObject([
      { path: 'line 1', message: expect.stringContaining('header') },
    ]);
    const empty = await upload(t, admin, `/api/synonyms/import/${fam}`, '');
    expect(empty.status).toBe(422);
    const quote = await upload(t, admin, `/api/synonyms/import/${fam}`, 'words\r\n"a4,b4\r\n');
    expect(quote.status).toBe(400);
    expect(quote.body.details).toMatchObject([{ path: 'line 2', message: 'is not valid CSV' }]);
    const binary = await upload(t, admin, `/api/synonyms/import/${fam}`, Buffer.from([0x50, 0x4b, 0, 1]));
    expect(binary.status).toBe(400);
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
    expect(await groupsOf(fam)).toEqual([['زيت', 'زيوت']]);
  });

  it('names an unknown family or mode, and a missing file', async () => {
    const unknownExport = await exportCsv(999999);
    expect(unknownExport.statusCode).toBe(400);
    expect(body(unknownExport).details).toMatchObject([
      { path: 'query.family', message: 'No family has this id' },
    ]);
    const unknownImport = await upload(
      t,
      admin,
      '/api/synonyms/import/999999',
      csv([['words'], ['a5', 'b5']]),
    );
    expect(unknownImport.status).toBe(400);
    expect(unknownImport.body.details).toMatchObject([
      { path: 'params.family', message: 'No family has this id' },
    ]);
    const fam = await newFamily(api, 'Syn Csv Args');
    const mode = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam}?mode=wipe`,
      csv([['words'], ['a5', 'b5']]),
    );
    expect(mode.status).toBe(400);
    const noFile = await api.as('admin').post(`/api/synonyms/import/${fam}`, {});
    expect(noFile.statusCode).toBe(400);
    expect(await groupsOf(fam)).toEqual([]);
  });
});
