import type { SearchResult } from '@dalil/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { csv, upload } from '../imports/imports.test-kit';
import { insertUser } from '../users/users.repository';

// Synonym groups per family (docs/decisions/0024-word-search.md, "Synonyms per family").
let t: TestApp;
let admin: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const made = async (url: string, payload: object) => {
  const res = await call('POST', url, admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return body(res) as { id: number };
};
const newFamily = (en: string) => made('/api/family', { nameEn: en, nameAr: `ع ${en}` });
const newCategory = (family: number, en: string) =>
  made('/api/category', { nameEn: en, nameAr: `ف ${en}`, family });
const newProduct = (family: number, category: number, en: string, ar: string) =>
  made('/api/product', { nameEn: en, nameAr: ar, family, category });
const newGroup = (family: number, words: string[]) => made('/api/synonyms', { family, words });
const groupsOf = async (family: number) => {
  const res = await call('GET', `/api/synonyms?family=${family}&limit=100`, admin);
  expect(res.statusCode).toBe(200);
  return (body(res).data as { words: string[] }[]).map((g) => g.words);
};

async function search(family: number, q: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/search',
    query: { family: String(family), search: q },
    headers: bearer(reader),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>().data.map((p) => p.nameEn);
}

describe('synonym groups: create, read, list, update, delete', () => {
  it('keeps a group of words as typed, lists it by family and word, and updates and deletes it', async () => {
    const fam = await newFamily('Syn Crud');
    const other = await newFamily('Syn Crud Other');
    const res = await call('POST', '/api/synonyms', admin, {
      family: String(fam.id),
      words: [' تمر ', 'تمور', 'Dates', 'dates'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = body(res);
    // Trimmed, and the same word written twice (any case) kept once.
    expect(created).toEqual({ id: expect.any(Number), family: fam.id, words: ['تمر', 'تمور', 'Dates'] });
    expect(body(await call('GET', `/api/synonyms/${String(created.id)}`, admin))).toEqual(created);

    await newGroup(fam.id, ['حمص', 'hummus']);
    await newGroup(other.id, ['حمص', 'hummus']);
    const byFamily = body(await call('GET', `/api/synonyms?family=${fam.id}`, admin));
    expect(byFamily.count).toBe(2);
    const bySearch = body(await call('GET', `/api/synonyms?family=${fam.id}&search=HUMM`, admin));
    expect(bySearch).toEqual({ count: 1, data: [expect.objectContaining({ words: ['حمص', 'hummus'] })] });
    const paged = body(await call('GET', `/api/synonyms?family=${fam.id}&limit=1&skip=1`, admin));
    expect(paged).toEqual({ count: 2, data: [expect.objectContaining({ words: ['حمص', 'hummus'] })] });

    const updated = await call('PUT', `/api/synonyms/${String(created.id)}`, admin, {
      family: fam.id,
      words: ['تمر', 'تمور'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(body(updated).words).toEqual(['تمر', 'تمور']);

    expect((await call('DELETE', `/api/synonyms/${String(created.id)}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/synonyms/${String(created.id)}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/synonyms/${String(created.id)}`, admin)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/synonyms/999999', admin, { family: fam.id, words: ['a1', 'b1'] })).statusCode,
    ).toBe(404);
  });

  it('refuses bad words with a 400 naming the field, and changes nothing', async () => {
    const fam = await newFamily('Syn Valid');
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
      const res = await call('POST', '/api/synonyms', admin, { family: fam.id, words });
      expect(res.statusCode, JSON.stringify(words)).toBe(400);
      expect(body(res).details, JSON.stringify(words)).toMatchObject([{ path, message: expect.any(String) }]);
    }
    const missing = await call('POST', '/api/synonyms', admin, { family: '', words: ['a1', 'b1'] });
    expect(body(missing).details).toMatchObject([{ path: 'body.family', message: 'This field is required' }]);
    const unknown = await call('POST', '/api/synonyms', admin, { family: 999999, words: ['a1', 'b1'] });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({
      message: 'family: No family has this id',
      details: [{ path: 'body.family', message: 'No family has this id' }],
    });
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
    expect(await groupsOf(fam.id)).toEqual([]);
  });

  it('refuses a word already in another group of the family with a 409 naming words', async () => {
    const fam = await newFamily('Syn Dup');
    const other = await newFamily('Syn Dup Other');
    const first = await newGroup(fam.id, ['جبن', 'أجبان']);
    const dup = await call('POST', '/api/synonyms', admin, { family: fam.id, words: ['cheese', 'اجبان'] });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({
      message: 'words: "اجبان" is already in another synonym group of this family',
      details: [{ path: 'body.words', message: expect.stringContaining('اجبان') }],
    });
    // Another family may hold the same words; a group may keep its own words on update.
    await newGroup(other.id, ['cheese', 'اجبان']);
    const same = await call('PUT', `/api/synonyms/${first.id}`, admin, {
      family: fam.id,
      words: ['جبن', 'أجبان', 'جبنة'],
    });
    expect(same.statusCode, same.body).toBe(200);
    const second = await newGroup(fam.id, ['cheese', 'fromage']);
    const clash = await call('PUT', `/api/synonyms/${second.id}`, admin, {
      family: fam.id,
      words: ['cheese', 'جبنة'],
    });
    expect(clash.statusCode).toBe(409);
    expect(await groupsOf(fam.id)).toEqual([
      ['جبن', 'أجبان', 'جبنة'],
      ['cheese', 'fromage'],
    ]);
  });

  it('answers administrators only: 401 without a token, 403 with a catalogue token', async () => {
    const fam = await newFamily('Syn Access');
    const group = await newGroup(fam.id, ['a1b', 'b1a']);
    const routes: [Method, string, object?][] = [
      ['GET', '/api/synonyms'],
      ['GET', `/api/synonyms/${group.id}`],
      ['POST', '/api/synonyms', { family: fam.id, words: ['c1', 'd1'] }],
      ['PUT', `/api/synonyms/${group.id}`, { family: fam.id, words: ['c1', 'd1'] }],
      ['DELETE', `/api/synonyms/${group.id}`],
      ['GET', `/api/synonyms/export.csv?family=${fam.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, reader, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const imported = await upload(
      t,
      reader,
      `/api/synonyms/import/${fam.id}`,
      csv([['words'], ['x1', 'y1']]),
    );
    expect(imported.status).toBe(403);
    expect(await groupsOf(fam.id)).toEqual([['a1b', 'b1a']]);
  });

  it('goes with its family when the family is deleted', async () => {
    const fam = await newFamily('Syn Cascade');
    const group = await newGroup(fam.id, ['p1', 'q1']);
    expect((await call('DELETE', `/api/family/${fam.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/synonyms/${group.id}`, admin)).statusCode).toBe(404);
  });
});

describe('synonym groups in search', () => {
  it('finds a product through its family synonym at once (the cached answer expires), not in another family', async () => {
    const fam = await newFamily('Syn Search');
    const other = await newFamily('Syn Search Other');
    const cat = await newCategory(fam.id, 'Dips');
    const otherCat = await newCategory(other.id, 'Dips');
    await newProduct(fam.id, cat.id, 'Aubergine Dip', 'متبل');
    await newProduct(other.id, otherCat.id, 'Aubergine Dip', 'متبل');

    // Searched first, so the empty answer is in the cache when the group arrives.
    expect(await search(fam.id, 'eggplant')).toEqual([]);
    expect(await search(fam.id, 'باذنجان')).toEqual([]);
    await newGroup(fam.id, ['aubergine', 'eggplant', 'باذنجان']);
    expect(await search(fam.id, 'eggplant')).toEqual(['Aubergine Dip']);
    expect(await search(fam.id, 'eggplants dip')).toEqual(['Aubergine Dip']);
    expect(await search(fam.id, 'الباذنجان')).toEqual(['Aubergine Dip']);
    expect(await search(other.id, 'eggplant')).toEqual([]);

    // Deleting the group takes the match away again; the built-in groups stay whatever the family has.
    const groups = body(await call('GET', `/api/synonyms?family=${fam.id}`, admin)).data as { id: number }[];
    expect((await call('DELETE', `/api/synonyms/${groups[0]!.id}`, admin)).statusCode).toBe(204);
    expect(await search(fam.id, 'eggplant')).toEqual([]);
  });

  it('ranks a family synonym with the stemmed words, below the exact word', async () => {
    const fam = await newFamily('Syn Rank');
    const cat = await newCategory(fam.id, 'Spreads');
    await newProduct(fam.id, cat.id, 'Zaatar Mix', 'خلطة زعتر');
    await newProduct(fam.id, cat.id, 'Thyme Leaves', 'أوراق صعتر');
    await newGroup(fam.id, ['thyme', 'zaatar']);
    expect(await search(fam.id, 'zaatar')).toEqual(['Zaatar Mix', 'Thyme Leaves']);
    expect(await search(fam.id, 'thyme')).toEqual(['Thyme Leaves', 'Zaatar Mix']);
  });
});

describe('synonym groups as CSV', () => {
  const exportCsv = (family: number) => call('GET', `/api/synonyms/export.csv?family=${family}`, admin);

  it('exports a family and imports the file into another: the same groups', async () => {
    const from = await newFamily('Syn Csv From');
    const to = await newFamily('Syn Csv To');
    await newGroup(from.id, ['تمر', 'تمور', 'dates']);
    await newGroup(from.id, ["ka'ak", 'كعك']);
    const res = await exportCsv(from.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe("\uFEFFwords\r\nتمر,تمور,dates\r\nka'ak,كعك\r\n");

    await newGroup(to.id, ['old1', 'old2']);
    const replaced = await upload(t, admin, `/api/synonyms/import/${to.id}?mode=replace`, res.rawPayload);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ created: 2, removed: 1 });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/activity?entity=synonym&action=import&family=${to.id}`,
      headers: bearer(admin),
    });
    expect(history.json()).toMatchObject({
      count: 1,
      data: [
        {
          actor: { username: 'admin' },
          action: 'import',
          family: to.id,
          changes: {
            mode: { before: null, after: 'replace' },
            groups: { before: null, after: { created: 2, removed: 1 } },
          },
        },
      ],
    });
    expect(await groupsOf(to.id)).toEqual([
      ['تمر', 'تمور', 'dates'],
      ["ka'ak", 'كعك'],
    ]);
    expect((await exportCsv(to.id)).body).toBe(res.body);
  });

  it('escapes words a spreadsheet would run as a formula, and reads them back as they were', async () => {
    const from = await newFamily('Syn Csv Formula From');
    const to = await newFamily('Syn Csv Formula To');
    await newGroup(from.id, ['=cmd', '+sum', '-minus', '@hyperlink', "'=quoted"]);
    const res = await exportCsv(from.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("\uFEFFwords\r\n'=cmd,'+sum,'-minus,'@hyperlink,''=quoted\r\n");
    const imported = await upload(t, admin, `/api/synonyms/import/${to.id}?mode=replace`, res.rawPayload);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await groupsOf(to.id)).toEqual([['=cmd', '+sum', '-minus', '@hyperlink', "'=quoted"]]);
  });

  it('merges a semicolon file into the family groups', async () => {
    const fam = await newFamily('Syn Csv Merge');
    await newGroup(fam.id, ['حلوى', 'حلويات']);
    const merged = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam.id}`,
      // A spreadsheet pads every line to the longest: the header then shows the separator too.
      csv([['Words', '', ''], ['halva', 'halawa', ''], [], ['خضار', 'خضروات', '']], ';'),
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toEqual({ created: 2, removed: 0 });
    expect(await groupsOf(fam.id)).toEqual([
      ['حلوى', 'حلويات'],
      ['halva', 'halawa'],
      ['خضار', 'خضروات'],
    ]);
  });

  it('refuses a file with bad lines, naming each line, and imports nothing', async () => {
    const fam = await newFamily('Syn Csv Bad');
    await newGroup(fam.id, ['زيت', 'زيوت']);
    const before = await readCatalogueVersion(t.database.db);
    const bad = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam.id}?mode=replace`,
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
      `/api/synonyms/import/${fam.id}`,
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
      `/api/synonyms/import/${fam.id}`,
      csv([
        ['word', 'x'],
        ['a3', 'b3'],
      ]),
    );
    expect(header.status).toBe(422);
    expect(header.body.details).toMatchObject([
      { path: 'line 1', message: expect.stringContaining('header') },
    ]);
    const empty = await upload(t, admin, `/api/synonyms/import/${fam.id}`, '');
    expect(empty.status).toBe(422);
    const quote = await upload(t, admin, `/api/synonyms/import/${fam.id}`, 'words\r\n"a4,b4\r\n');
    expect(quote.status).toBe(400);
    expect(quote.body.details).toMatchObject([{ path: 'line 2', message: 'is not valid CSV' }]);
    const binary = await upload(t, admin, `/api/synonyms/import/${fam.id}`, Buffer.from([0x50, 0x4b, 0, 1]));
    expect(binary.status).toBe(400);
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
    expect(await groupsOf(fam.id)).toEqual([['زيت', 'زيوت']]);
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
    const fam = await newFamily('Syn Csv Args');
    const mode = await upload(
      t,
      admin,
      `/api/synonyms/import/${fam.id}?mode=wipe`,
      csv([['words'], ['a5', 'b5']]),
    );
    expect(mode.status).toBe(400);
    const noFile = await call('POST', `/api/synonyms/import/${fam.id}`, admin, {});
    expect(noFile.statusCode).toBe(400);
    expect(await groupsOf(fam.id)).toEqual([]);
  });
});
