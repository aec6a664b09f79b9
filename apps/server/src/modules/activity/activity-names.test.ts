import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { scopedStaff, type FamilyObjects, type StaffCaller } from '../../../test/scoped-staff';

let t: TestApp;
let a: FamilyObjects;
let tokens: Record<StaffCaller, string>;

const api = client(() => t);
const entriesAbout = async (entity: string, id: number) =>
  (
    body(await api.as('admin').get(`/api/activity?limit=100&entity=${entity}&entityId=${id}`)) as {
      data: Activity[];
    }
  ).data;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, tokens } = await scopedStaff(
    t.app,
    t.database,
    await api.token('admin'),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  ));
  api.signedIn(tokens);
});
afterAll(() => t.close());

describe('history names', () => {
  it("names each entry's record and family by their current names, in both languages", async () => {
    const family = body(await api.as('admin').get(`/api/family/${a.family}`)) as {
      nameAr: string;
      nameEn: string;
    };
    const made = await api.as('admin').post('/api/product', {
      nameEn: 'Green Tea',
      nameAr: 'شاي أخضر',
      family: a.family,
      category: a.category,
    });
    const id = body(made).id as number;
    await api.as('admin').patch(`/api/product/${id}`, {
      nameEn: 'Mint Tea',
      nameAr: 'شاي بالنعناع',
      family: a.family,
      category: a.category,
    });
    await api.as('admin').patch(`/api/product/${id}`, {
      nameEn: 'Mint Tea',
      nameAr: 'شاي بالنعناع',
      family: a.family,
      category: a.category,
      cost: 3,
    });
    const entries = await entriesAbout('product', id);
    expect(entries).toHaveLength(3);
    // Every entry, the cost change too (which recorded no name), names the product as it is now.
    for (const entry of entries) {
      expect(entry.name).toEqual({ ar: 'شاي بالنعناع', en: 'Mint Tea' });
      expect(entry.familyName).toEqual({ ar: family.nameAr, en: family.nameEn });
    }
  });

  it('names a deleted record by its name at the time, and an account by its username', async () => {
    const made = await api.as('admin').post('/api/product', {
      nameEn: 'Old Coffee',
      nameAr: 'قهوة قديمة',
      family: a.family,
      category: a.category,
    });
    const id = body(made).id as number;
    expect((await api.as('admin').delete(`/api/product/${id}`)).statusCode).toBe(204);
    const entries = await entriesAbout('product', id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    for (const entry of entries) expect(entry.name).toEqual({ ar: 'قهوة قديمة', en: 'Old Coffee' });

    const user = await api.as('admin').post('/api/user', {
      firstName: 'Noor',
      lastName: 'Haddad',
      username: 'noor.h',
      password: 'a-long-password-1',
    });
    expect(user.statusCode).toBe(201);
    const [created] = await entriesAbout('user', body(user).id as number);
    expect(created?.name).toEqual({ ar: 'noor.h', en: 'noor.h' });
  });
});
