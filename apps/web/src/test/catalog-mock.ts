import type { Attribute } from '@dalil/contracts/attributes';
import { attributeList } from './attribute-fixtures';
import type { MockRequest } from './fetch-mock';

/** A family or category as the server sends it (the fields the admin screens read). */
export interface MockNamed {
  id: number;
  name: { ar: string; en: string };
  nameAr: string;
  nameEn: string;
  logo: null;
  image: null;
  family?: number;
  parent?: number | null;
  /** A family's GTIN rule; off unless given. */
  requireValidGtin?: boolean;
}

export const named = (id: number, en: string, ar: string, extra: Partial<MockNamed> = {}): MockNamed => ({
  id,
  name: { ar, en },
  nameAr: ar,
  nameEn: en,
  logo: null,
  image: null,
  ...extra,
});

type Answer = { status: number; body?: unknown };

/**
 * GET list as the server answers it: `family` and `parent` ('none' or an id) filter, `search` matches
 * either name, then `skip` and `limit` make the page.
 */
function list(records: MockNamed[]) {
  return (request: MockRequest): Answer => {
    const q = request.query;
    const search = q.get('search')?.toLowerCase() ?? '';
    const parent = q.get('parent');
    const found = records.filter(
      (r) =>
        (!q.get('family') || r.family === Number(q.get('family'))) &&
        (!parent || (parent === 'none' ? !r.parent : r.parent === Number(parent))) &&
        (r.nameEn.toLowerCase().includes(search) || r.nameAr.includes(search)),
    );
    const skip = Number(q.get('skip') ?? 0);
    const page = found.slice(skip, skip + Number(q.get('limit') ?? 10));
    return { status: 200, body: { data: page, count: found.length } };
  };
}

/** GET one record: its detail, with the linked counts the server adds. */
const one = (record: MockNamed) => (): Answer => ({
  status: 200,
  body: {
    ...record,
    counts: { categories: 0, products: 0, subCategories: 0, complete: { ar: 0, en: 0 } },
  },
});

/**
 * The families, categories and attributes endpoints of a catalogue, for `mockApi`: lists that honour
 * the server's filters, search and paging, and each record by id.
 */
export function catalogueApi(given: MockNamed[], categories: MockNamed[] = [], attributes: Attribute[] = []) {
  const families = given.map((f) => ({
    cover: null,
    requireValidGtin: false,
    status: 'published',
    publishAt: null,
    ...f,
  }));
  return {
    'GET /api/family': list(families),
    'GET /api/category': list(categories),
    'GET /api/attribute': attributeList(
      attributes,
      Object.fromEntries(categories.flatMap((c) => (c.parent ? [[c.id, c.parent]] : []))),
    ),
    ...Object.fromEntries(families.map((f) => [`GET /api/family/${f.id}`, one(f)])),
    ...Object.fromEntries(categories.map((c) => [`GET /api/category/${c.id}`, one(c)])),
  };
}
