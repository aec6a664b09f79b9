// The commands of the history property test (not a test file itself): each makes one request as the
// admin or as an editor limited to one company, checks the answer a person would get, and updates the
// model as that person would expect the catalogue to change. After each, model and database agree.
import fc from 'fast-check';
import { expect } from 'vitest';
import { ALL_HEADER, csv, upload } from '../src/modules/imports/imports.test-kit';
import { bearer, type TestApp } from './harness';
import {
  applyDelete,
  cloneModel,
  comparable,
  readModel,
  restore,
  type Catalogue,
  type DeletedKind,
  type Model,
  type TakeBack,
} from './history-model';

export type Actor = 'admin' | 'editor';
export interface Real {
  t: TestApp;
  tokens: Record<Actor, string>;
  /** The one company the editor manages. */
  editorFamily: number;
  counter: { n: number };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (r: Real, who: Actor, method: Method, url: string, payload?: object) =>
  r.t.app.inject({ method, url, headers: bearer(r.tokens[who]), ...(payload ? { payload } : {}) });

// Out of an editor's companies: forbidden (403), not there (404), or, for a company named in the
// body, a field error saying no such company (400), as if it did not exist.
const REFUSED = [400, 403, 404];
const mayWrite = (r: Real, who: Actor, family: number) => who === 'admin' || family === r.editorFamily;
const pick = <T>(items: T[], n: number): T | undefined =>
  items.length ? items[n % items.length] : undefined;
const next = (r: Real) => ++r.counter.n;

async function newestId(r: Real, path: '/api/activity' | '/api/import'): Promise<number> {
  const res = await call(r, 'admin', 'GET', `${path}?limit=1`);
  return res.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
}

/** History entries added since `since`, newest first. */
async function entriesSince(r: Real, since: number): Promise<number[]> {
  const res = await call(r, 'admin', 'GET', '/api/activity?limit=100');
  return res
    .json<{ data: { id: number }[] }>()
    .data.map((e) => e.id)
    .filter((id) => id > since);
}

async function agree(m: Model, r: Real) {
  expect(comparable(await readModel(r.t.database))).toEqual(comparable(m));
}

/**
 * Runs one write: expects `status`, and on success pushes how to take it back and applies `change`
 * to the model; a refused write changes nothing.
 */
async function write(
  m: Model,
  r: Real,
  request: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  expected: number | number[],
  change: (id: number | undefined) => void,
  deleted?: { entity: DeletedKind; id: number },
) {
  const before = cloneModel(m);
  const since = await newestId(r, '/api/activity');
  const res = await request();
  const statuses = Array.isArray(expected) ? expected : [expected];
  expect(statuses, res.body).toContain(res.statusCode);
  if (res.statusCode < 300) {
    const id = res.statusCode === 201 ? res.json<{ id: number }>().id : undefined;
    change(id);
    const entries = await entriesSince(r, since);
    expect(entries.length).toBeGreaterThan(0);
    m.stack.push({ takeBack: { kind: 'entries', entries, ...(deleted ? { deleted } : {}) }, before });
  }
  await agree(m, r);
}

const topCategories = (m: Catalogue, family?: number) =>
  [...m.categories].filter(([, c]) => c.parent === null && (family === undefined || c.family === family));

class CreateFamily implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: Actor) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const n = next(r);
    const body = { nameEn: `Company ${n}`, nameAr: `شركة ${n}` };
    // Creating a company is the admin's alone.
    await write(
      m,
      r,
      () => call(r, this.who, 'POST', '/api/family', body),
      this.who === 'admin' ? 201 : 403,
      (id) => m.families.set(id!, body),
    );
  }
  toString = () => `CreateFamily(${this.who})`;
}

class CreateCategory implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly at: number,
    readonly sub: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.families.size > 0;
  async run(m: Model, r: Real) {
    const family = pick([...m.families.keys()], this.at)!;
    const parent = this.sub ? (pick(topCategories(m, family), this.at)?.[0] ?? null) : null;
    const n = next(r);
    const body = { nameEn: `Category ${n}`, nameAr: `فئة ${n}`, family, parent };
    const ok = mayWrite(r, this.who, family);
    await write(
      m,
      r,
      () => call(r, this.who, 'POST', '/api/category', body),
      ok ? 201 : REFUSED,
      (id) => m.categories.set(id!, body),
    );
  }
  toString = () => `CreateCategory(${this.who}, ${this.at}, ${this.sub})`;
}

class CreateProduct implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly at: number,
    readonly sub: boolean,
  ) {}
  check = (m: Readonly<Model>) => topCategories(m).length > 0;
  async run(m: Model, r: Real) {
    const [category, c] = pick(topCategories(m), this.at)!;
    const subs = [...m.categories].filter(([, s]) => s.parent === category);
    const subCategory = this.sub ? (pick(subs, this.at)?.[0] ?? null) : null;
    const n = next(r);
    const row = { nameEn: `Product ${n}`, nameAr: `منتج ${n}`, barcode: `77${n}`, netWeight: null };
    const body = { ...row, family: c.family, category, subCategory };
    const ok = mayWrite(r, this.who, c.family);
    await write(
      m,
      r,
      () => call(r, this.who, 'POST', '/api/product', body),
      ok ? 201 : REFUSED,
      (id) => m.products.set(id!, { ...row, family: c.family, category, subCategory }),
    );
  }
  toString = () => `CreateProduct(${this.who}, ${this.at}, ${this.sub})`;
}

class EditProduct implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly at: number,
    readonly field: 'name' | 'netWeight' | 'subCategory',
  ) {}
  check = (m: Readonly<Model>) => m.products.size > 0;
  async run(m: Model, r: Real) {
    const [id, p] = pick([...m.products], this.at)!;
    const n = next(r);
    const subs = [null, ...[...m.categories].filter(([, s]) => s.parent === p.category).map(([sid]) => sid)];
    const after = { ...p };
    if (this.field === 'name') after.nameEn = `Product ${n}`;
    else if (this.field === 'netWeight') after.netWeight = `${n} g`;
    else
      after.subCategory =
        pick(
          subs.filter((s) => s !== p.subCategory),
          n,
        ) ?? p.subCategory;
    // An edit that changes nothing records nothing: there would be nothing to take back.
    if (this.field === 'subCategory' && after.subCategory === p.subCategory) return;
    const ok = mayWrite(r, this.who, p.family);
    await write(
      m,
      r,
      () => call(r, this.who, 'PUT', `/api/product/${id}`, after),
      ok ? 200 : REFUSED,
      () => m.products.set(id, after),
    );
  }
  toString = () => `EditProduct(${this.who}, ${this.at}, ${this.field})`;
}

class EditCategory implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly at: number,
    readonly moveParent: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.categories.size > 0;
  async run(m: Model, r: Real) {
    const [id, c] = pick([...m.categories], this.at)!;
    const after = { ...c };
    const hasProducts = [...m.products.values()].some((p) => p.category === id || p.subCategory === id);
    const hasSubs = [...m.categories.values()].some((s) => s.parent === id);
    if (this.moveParent && !hasProducts && !hasSubs) {
      // An empty category moves under another top-level one of its company, or a sub-category to the top.
      after.parent =
        c.parent === null
          ? (pick(
              topCategories(m, c.family).filter(([o]) => o !== id),
              this.at,
            )?.[0] ?? null)
          : null;
    } else {
      after.nameAr = `فئة ${next(r)}`;
    }
    const ok = mayWrite(r, this.who, c.family);
    await write(
      m,
      r,
      () => call(r, this.who, 'PUT', `/api/category/${id}`, after),
      ok ? 200 : REFUSED,
      () => m.categories.set(id, after),
    );
  }
  toString = () => `EditCategory(${this.who}, ${this.at}, ${this.moveParent})`;
}

class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly entity: DeletedKind,
    readonly at: number,
  ) {}
  private rows = (m: Readonly<Model>) =>
    this.entity === 'family' ? m.families : this.entity === 'category' ? m.categories : m.products;
  check = (m: Readonly<Model>) => this.rows(m).size > 0;
  async run(m: Model, r: Real) {
    const id = pick([...this.rows(m).keys()], this.at)!;
    const family = this.entity === 'family' ? id : (m.categories.get(id) ?? m.products.get(id))!.family;
    // Deleting a company is the admin's alone; the rest within the editor's company.
    const ok = this.entity === 'family' ? this.who === 'admin' : mayWrite(r, this.who, family);
    const path = { family: 'family', category: 'category', product: 'product' }[this.entity];
    await write(
      m,
      r,
      () => call(r, this.who, 'DELETE', `/api/${path}/${id}`),
      ok ? 204 : REFUSED,
      () => applyDelete(m, this.entity, id),
      { entity: this.entity, id },
    );
  }
  toString = () => `Delete(${this.who}, ${this.entity}, ${this.at})`;
}

/** An "all" import that adds a category with a product and changes a product's net weight. */
class Import implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly at: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const families = [...m.families].filter(([f]) => mayWrite(r, this.who, f));
    const chosen = pick(families, this.at);
    if (!chosen) return;
    const [family, f] = chosen;
    const n = next(r);
    const rows = [ALL_HEADER];
    // familyNameEn, familyNameAr, categoryNameEn, categoryNameAr, productNameEn, productNameAr,
    // productBarcode, productExpDate, productNetWeight, then four columns left empty.
    const row = (
      c: { nameEn: string; nameAr: string },
      p: { nameEn: string; nameAr: string },
      barcode: string,
      weight: string,
    ) => [f.nameEn, f.nameAr, c.nameEn, c.nameAr, p.nameEn, p.nameAr, barcode, '', weight, '', '', '', ''];
    const added = { nameEn: `Imported ${n}`, nameAr: `مستورد ${n}`, barcode: `88${n}`, netWeight: `${n} g` };
    rows.push(row({ nameEn: `Category ${n}`, nameAr: `فئة ${n}` }, added, added.barcode, added.netWeight));
    // A product outside any sub-category keeps its place when re-imported with a new net weight.
    const changed = pick(
      [...m.products].filter(([, p]) => p.family === family && p.subCategory === null && p.barcode !== null),
      this.at,
    );
    if (changed) {
      const [, p] = changed;
      const c = m.categories.get(p.category)!;
      rows.push(row(c, p, p.barcode!, `${n} kg`));
    }
    const before = cloneModel(m);
    const res = await upload(r.t, r.tokens[this.who], '/api/upload/all', csv(rows));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = await newestId(r, '/api/import');
    const now = await readModel(r.t.database);
    const [categoryId] = [...now.categories].find(
      ([, c]) => c.family === family && c.nameEn === `Category ${n}`,
    )!;
    const [productId] = [...now.products].find(
      ([, p]) => p.family === family && p.barcode === added.barcode,
    )!;
    m.categories.set(categoryId, { family, parent: null, nameEn: `Category ${n}`, nameAr: `فئة ${n}` });
    m.products.set(productId, { ...added, family, category: categoryId, subCategory: null });
    if (changed) m.products.get(changed[0])!.netWeight = `${n} kg`;
    m.stack.push({ takeBack: { kind: 'import', id }, before });
    await agree(m, r);
  }
  toString = () => `Import(${this.who}, ${this.at})`;
}

/** Takes back the newest write of this run that is not yet taken back. */
export async function takeBack(m: Model, r: Real, who: Actor = 'admin') {
  const top = m.stack[m.stack.length - 1]!;
  const tb: TakeBack = top.takeBack;
  if (tb.kind === 'import') {
    const res = await call(r, who, 'POST', `/api/import/${tb.id}/undo`);
    expect(res.statusCode, res.body).toBe(200);
  } else {
    for (const entry of tb.entries) {
      const res = await call(r, who, 'POST', `/api/activity/${entry}/revert`);
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  m.stack.pop();
  restore(m, top.before);
  await agree(m, r);
}

class TakeBackNewest implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.stack.length > 0;
  async run(m: Model, r: Real) {
    await takeBack(m, r);
  }
  toString = () => 'TakeBack';
}

export function commandArbitraries() {
  const who = fc.constantFrom<Actor>('admin', 'editor');
  const at = fc.nat(50);
  return [
    who.map((w) => new CreateFamily(w)),
    fc.tuple(who, at, fc.boolean()).map(([w, a, s]) => new CreateCategory(w, a, s)),
    fc.tuple(who, at, fc.boolean()).map(([w, a, s]) => new CreateProduct(w, a, s)),
    fc
      .tuple(
        who,
        at,
        fc.constantFrom<'name' | 'netWeight' | 'subCategory'>('name', 'netWeight', 'subCategory'),
      )
      .map(([w, a, f]) => new EditProduct(w, a, f)),
    fc.tuple(who, at, fc.boolean()).map(([w, a, p]) => new EditCategory(w, a, p)),
    fc
      .tuple(who, fc.constantFrom<DeletedKind>('family', 'category', 'product'), at)
      .map(([w, e, a]) => new Delete(w, e, a)),
    fc.tuple(who, at).map(([w, a]) => new Import(w, a)),
    fc.constant(new TakeBackNewest()),
    fc.constant(new TakeBackNewest()),
  ];
}
