// Two companies' catalogues and the staff of each, for the access tests (not a test file itself).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { insertUser } from '../src/modules/users/users.repository';
import { bearer } from './harness';

export interface FamilyObjects {
  family: number;
  category: number;
  product: number;
  synonym: number;
  /** A recycle bin entry of the family: a second product, deleted. */
  binEntry: number;
}

export type StaffCaller = 'admin' | 'editor-a' | 'editor-b' | 'user-a' | 'user-all' | 'guest';
export const STAFF_PASSWORD = 'staff-password-123';

/** Adds a product to the family's category and deletes it: answers its recycle bin entry. */
export async function freshBinEntry(
  app: FastifyInstance,
  admin: string,
  objs: { family: number; category: number },
): Promise<number> {
  const headers = bearer(admin);
  const payload = { nameEn: 'Old juice', nameAr: 'عصير قديم', family: objs.family, category: objs.category };
  const made = await app.inject({ method: 'POST', url: '/api/product', headers, payload });
  if (made.statusCode !== 201) throw new Error(`product: ${made.statusCode} ${made.body}`);
  const url = `/api/product/${made.json<{ id: number }>().id}`;
  const deleted = await app.inject({ method: 'DELETE', url, headers });
  if (deleted.statusCode !== 204) throw new Error(`delete product: ${deleted.statusCode} ${deleted.body}`);
  const bin = await app.inject({ url: `/api/bin?family=${objs.family}`, headers });
  return bin.json<{ data: { id: number }[] }>().data[0]!.id;
}

/** Creates one family with a category, a product, a synonym group and a bin entry, as the admin. */
async function familyWithObjects(app: FastifyInstance, admin: string, name: string): Promise<FamilyObjects> {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  // Any barcode: these families hold products whose barcodes are not GTINs.
  const family = await post('/api/family', { nameEn: name, nameAr: `شركة ${name}`, requireValidGtin: false });
  const category = await post('/api/category', { nameEn: `${name} drinks`, nameAr: 'مشروبات', family });
  const product = await post('/api/product', {
    nameEn: `${name} juice`,
    nameAr: 'عصير',
    family,
    category,
    barcode: '123456',
  });
  const synonym = await post('/api/synonyms', {
    family,
    words: [`${name.toLowerCase()}soda`, `${name.toLowerCase()}pop`],
  });
  const binEntry = await freshBinEntry(app, admin, { family, category });
  return { family, category, product, synonym, binEntry };
}

/**
 * Families A and B, and an account of each kind: the admin, an editor of each family, a catalogue
 * user limited to A, an unlimited one, and the guest. Returns each one's token.
 */
export async function scopedStaff(
  app: FastifyInstance,
  database: Database,
  admin: string,
  login: (kind: 'admin' | 'user', username: string, password: string) => Promise<string>,
  guest: { username: string; password: string } | null,
) {
  const a = await familyWithObjects(app, admin, 'Alpha');
  const b = await familyWithObjects(app, admin, 'Beta');
  const account = async (username: string, role: 'editor' | 'user', families: number[]) => {
    await insertUser(database.db, {
      firstName: username,
      lastName: 'Staff',
      username,
      password: STAFF_PASSWORD,
      role,
      families,
    });
    return login(role === 'editor' ? 'admin' : 'user', username, STAFF_PASSWORD);
  };
  const tokens: Record<StaffCaller, string> = {
    admin,
    'editor-a': await account('editor-a', 'editor', [a.family]),
    'editor-b': await account('editor-b', 'editor', [b.family]),
    'user-a': await account('user-a', 'user', [a.family]),
    'user-all': await account('user-all', 'user', []),
    guest: guest ? await login('user', guest.username, guest.password) : '',
  };
  return { a, b, tokens };
}

/** The families each kind of caller reads and writes (A's and B's ids in `a` and `b`). */
export function scopeOf(caller: string, a: number, b: number): { read: number[]; write: number[] } {
  switch (caller) {
    case 'admin':
      return { read: [a, b], write: [a, b] };
    case 'editor-a':
    case 'key-editor-a':
      return { read: [a], write: [a] };
    // A reader key reads what an editor of A reads (staff reads included); the guard refuses its writes.
    case 'key-reader-a':
      return { read: [a], write: [a] };
    case 'editor-b':
      return { read: [b], write: [b] };
    case 'user-a':
      return { read: [a], write: [] };
    case 'user-all':
    case 'guest':
      return { read: [a, b], write: [] };
    default:
      return { read: [], write: [] };
  }
}

/** The object a route's `:id` names, by the route's path; undefined for routes that name none of these. */
export function objectOf(url: string, objs: FamilyObjects): number | undefined {
  if (/^\/api\/(family|export\/family)\/:id/.test(url)) return objs.family;
  if (url.startsWith('/api/category/:id')) return objs.category;
  if (url.startsWith('/api/product/:id')) return objs.product;
  if (url.startsWith('/api/synonyms/:id')) return objs.synonym;
  if (url.startsWith('/api/bin/:id')) return objs.binEntry;
  return undefined;
}
