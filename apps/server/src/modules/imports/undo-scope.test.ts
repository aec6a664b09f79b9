import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { scopedStaff } from '../../../test/scoped-staff';
import { ALL_HEADER, allRow, csv, upload } from './imports.test-kit';

let t: TestApp;
const api = client(() => t);
let admin: string;
let staff: Awaited<ReturnType<typeof scopedStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
  staff = await scopedStaff(t.app, t.database, admin, (...a) => t.login(...a), null);
});
afterAll(() => t.close());

const setFamilies = async (families: number[]) => {
  const list = await api.as('admin').get('/api/user?search=editor-a');
  const id = list.json<{ data: { id: number }[] }>().data[0]!.id;
  const person = { firstName: 'editor-a', lastName: 'Staff', username: 'editor-a', families };
  const res = await api.as('admin').put(`/api/user/${id}`, person);
  expect(res.statusCode).toBe(200);
};

describe('undoing an import after losing its family', () => {
  it('refuses its author as if the import did not exist (404), and allows it again with access back', async () => {
    const editor = staff.tokens['editor-a'];
    const file = csv([ALL_HEADER, allRow('Alpha', 'Alpha drinks', 'Undo cola', '6281000006001')]);
    const done = await upload(t, editor, '/api/upload/all', file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const run = done.body.importId!;
    const undo = () => api.as(editor).post(`/api/import/${run}/undo`);

    await setFamilies([staff.b.family]);
    const refused = await undo();
    expect(refused.statusCode).toBe(404);
    const product = await api
      .as('admin')
      .get('/api/search?family=' + staff.a.family + '&search=6281000006001');
    expect(product.json<{ count: number }>().count).toBe(1);

    await setFamilies([staff.a.family]);
    expect((await undo()).statusCode).toBe(200);
  });
});
