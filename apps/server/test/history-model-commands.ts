// The commands of the history property test (not a test file itself): each makes one request as the
// admin or as an editor limited to one company, checks the answer a person would get, and updates the
// model as that person would expect the catalogue to change. After each, model and database agree.
import fc from 'fast-check';
import { applyDelete, type DeletedKind, type Model } from './history-model';
import { Bulk, ImageJob, Import, TakeBackNewest } from './history-model-bulk';
import {
  call,
  mayWrite,
  next,
  pick,
  REFUSED,
  topCategories,
  write,
  type Actor,
  type Real,
} from './history-model-real';

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
      // Any barcode: the model's products and imports use codes that are not GTINs.
      () => call(r, this.who, 'POST', '/api/family', { ...body, requireValidGtin: false }),
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
    const row = {
      nameEn: `Product ${n}`,
      nameAr: `منتج ${n}`,
      barcode: `77${n}`,
      netWeight: null,
      image: null,
    };
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
      () => call(r, this.who, 'PATCH', `/api/product/${id}`, after),
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
    // An empty category moves under another top-level one of its company, or a sub-category to the
    // top; a top-level one with no other to go under is renamed instead (the same parent again changes
    // nothing, and a write that changes nothing records nothing).
    const parent =
      c.parent === null
        ? (pick(
            topCategories(m, c.family).filter(([o]) => o !== id),
            this.at,
          )?.[0] ?? null)
        : null;
    if (this.moveParent && !hasProducts && !hasSubs && parent !== c.parent) {
      after.parent = parent;
    } else {
      after.nameAr = `فئة ${next(r)}`;
    }
    const ok = mayWrite(r, this.who, c.family);
    await write(
      m,
      r,
      () => call(r, this.who, 'PATCH', `/api/category/${id}`, after),
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
    // Categories and products number their ids apart: the same id can name one of each.
    const family =
      this.entity === 'family'
        ? id
        : (this.entity === 'category' ? m.categories.get(id) : m.products.get(id))!.family;
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
    at.map((a) => new ImageJob(a)),
    fc.tuple(who, at).map(([w, a]) => new Bulk(w, a)),
    fc.boolean().map((viaBin) => new TakeBackNewest(viaBin)),
    fc.boolean().map((viaBin) => new TakeBackNewest(viaBin)),
  ];
}
