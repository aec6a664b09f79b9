import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from './fuzz/app-routes';
import { createTestApp, type TestApp } from './harness';
import { client, type Method } from './client';
import { objectOf, scopedStaff, type FamilyObjects, type StaffCaller } from './scoped-staff';

/**
 * What an API key of family A may change (docs/decisions/0049-api-keys.md). Every write route that
 * names one object is sent family B's object with a body that would pass (the object as the
 * administrator reads it): the editor key gets 404, as if it did not exist, or 403 where only an
 * administrator may write; the reader key gets 403 on A's objects and B's alike. Creates naming family
 * B are refused, and afterwards B reads exactly as before.
 */
let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let staff: Record<StaffCaller, string>;
const api = client(() => t);
const keys = { editor: '', reader: '' };

beforeAll(async () => {
  t = await createTestApp();
  ({
    a,
    b,
    tokens: staff,
  } = await scopedStaff(
    t.app,
    t.database,
    await api.token('admin'),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  ));
  api.signedIn(staff);
  for (const role of ['editor', 'reader'] as const) {
    const res = await api.as('admin').post('/api/api-key', {
      name: `A ${role}`,
      role,
      families: [a.family],
    });
    expect(res.statusCode).toBe(201);
    keys[role] = res.json<{ secret: string }>().secret;
  }
});
afterAll(() => t.close());

/** What family B looks like to its administrator: its records, its bin and its history. */
async function familyB(): Promise<string> {
  const reads = [
    `/api/family/${b.family}`,
    `/api/category?family=${b.family}&limit=100`,
    `/api/product?family=${b.family}&limit=100`,
    `/api/synonyms?family=${b.family}&limit=100`,
    `/api/bin?family=${b.family}`,
    `/api/activity?family=${b.family}&limit=100`,
  ];
  const answers = await Promise.all(reads.map((url) => api.as('admin').get(url)));
  return answers.map((res) => res.body).join('\n');
}

describe('an API key of family A', () => {
  it('changes nothing of family B through any write route, and a reader key changes nothing at all', async () => {
    const before = await familyB();
    const routes = appRoutes(t.app).filter(
      (r) => ['POST', 'PUT', 'DELETE'].includes(r.method) && objectOf(r.url, a) !== undefined,
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['PUT /api/product/:id', 'DELETE /api/family/:id', 'POST /api/bin/:id/restore']),
    );
    const failures: string[] = [];
    for (const route of routes) {
      const method = route.method as Method;
      for (const [side, objs] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const url = route.url.replace(':id', String(objectOf(route.url, objs)));
        const payload =
          method === 'PUT'
            ? (await api.as('admin').get(url)).json<object>()
            : method === 'POST'
              ? {}
              : undefined;
        const reader = await api.as(keys.reader).send(method, url, payload);
        if (reader.statusCode !== 403)
          failures.push(`${method} ${route.url} (${side}) as reader: ${reader.statusCode}`);
        if (side === 'b') {
          const editor = await api.as(keys.editor).send(method, url, payload);
          if (![403, 404].includes(editor.statusCode))
            failures.push(`${method} ${route.url} (b) as editor key: ${editor.statusCode} ${editor.body}`);
        } else if (method === 'PUT') {
          // The same body is accepted for A's object: B's refusal is about the family, not the body.
          const editor = await api.as(keys.editor).send(method, url, payload);
          if (editor.statusCode !== 200)
            failures.push(`${method} ${route.url} (a) as editor key: ${editor.statusCode}`);
        }
      }
    }
    const bEntry = (await api.as('admin').get(`/api/activity?family=${b.family}&limit=1`)).json<{
      data: Activity[];
    }>().data[0]!;
    for (const token of [keys.editor, keys.reader]) {
      const revert = await api.as(token).post(`/api/activity/${bEntry.id}/revert`);
      if (![403, 404].includes(revert.statusCode)) failures.push(`revert of B's entry: ${revert.statusCode}`);
    }
    const creates: [string, object][] = [
      ['/api/category', { nameEn: 'Sneaky', nameAr: 'متسلل', family: b.family }],
      ['/api/product', { nameEn: 'Sneaky', nameAr: 'متسلل', family: b.family, category: b.category }],
      ['/api/synonyms', { family: b.family, words: ['sneaky', 'sly'] }],
    ];
    for (const [url, payload] of creates) {
      for (const token of [keys.editor, keys.reader]) {
        const res = await api.as(token).post(url, payload);
        if (![400, 403, 404].includes(res.statusCode)) failures.push(`POST ${url} for B: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await familyB()).toBe(before);
  });
});
