// The bulk commands of the history property test (not a test file itself): an import, an image job, a
// bulk request, and taking back the newest write (revert, import, change set or image job undo, or
// restore from the bin).
import type fc from 'fast-check';
import { expect } from 'vitest';
import { ALL_HEADER, csv, upload } from '../src/modules/imports/imports.test-kit';
import { applyDelete, cloneModel, readModel, restore, type Model, type TakeBack } from './history-model';
import { jpeg, postImages, waitForJob } from './image-upload-helpers';
import { agree, call, mayWrite, newestId, next, pick, type Actor, type Real } from './history-model-real';

/** An "all" import that adds a category with a product and changes a product's net weight. */
export class Import implements fc.AsyncCommand<Model, Real> {
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
    const added = {
      nameEn: `Imported ${n}`,
      nameAr: `مستورد ${n}`,
      barcode: `88${n}`,
      netWeight: `${n} g`,
      image: null,
    };
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

/** A bulk image job (the admin's) with a new photo for up to two products found by barcode. */
export class ImageJob implements fc.AsyncCommand<Model, Real> {
  constructor(readonly at: number) {}
  check = (m: Readonly<Model>) => [...m.products.values()].some((p) => p.barcode !== null);
  async run(m: Model, r: Real) {
    const withBarcode = [...m.products].filter(([, p]) => p.barcode !== null);
    const chosen = [...new Set([pick(withBarcode, this.at)!, pick(withBarcode, this.at + 1)!])];
    const n = next(r);
    const parts = await Promise.all(
      chosen.map(async ([, p], i) => ({
        filename: `${p.barcode}.jpg`,
        data: await jpeg((n * 37 + i * 90) % 360),
      })),
    );
    const before = cloneModel(m);
    const res = await postImages(r.t, r.tokens.admin, parts);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ id: number }>().id;
    expect(await waitForJob(r.t, r.tokens.admin, id)).toMatchObject({ state: 'done' });
    const now = await readModel(r.t.database);
    for (const [pid] of chosen) {
      const image = now.products.get(pid)!.image;
      expect(image).not.toBeNull();
      m.products.get(pid)!.image = image;
    }
    m.stack.push({ takeBack: { kind: 'imageJob', id }, before });
    await agree(m, r);
  }
  toString = () => `ImageJob(${this.at})`;
}

/**
 * A bulk request (POST /api/product/bulk, each mode) that changes one product's net weight and deletes
 * another: an editor's operations on another company's products are refused (404) and the rest done.
 */
export class Bulk implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Actor,
    readonly at: number,
  ) {}
  check = (m: Readonly<Model>) => m.products.size >= 2;
  async run(m: Model, r: Real) {
    const all = [...m.products.keys()];
    const patched = pick(all, this.at)!;
    const deleted = pick(
      all.filter((id) => id !== patched),
      this.at + 1,
    )!;
    const n = next(r);
    const before = cloneModel(m);
    const res = await call(r, this.who, 'POST', '/api/product/bulk', {
      mode: 'each',
      operations: [
        { op: 'patch', id: patched, data: { netWeight: `${n} ml` } },
        { op: 'delete', id: deleted },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ id: number | null; results: { status: number }[] }>();
    const allowed = (id: number) => mayWrite(r, this.who, m.products.get(id)!.family);
    expect(body.results.map((x) => x.status)).toEqual([
      allowed(patched) ? 200 : 404,
      allowed(deleted) ? 204 : 404,
    ]);
    if (allowed(patched)) m.products.get(patched)!.netWeight = `${n} ml`;
    if (allowed(deleted)) applyDelete(m, 'product', deleted);
    if (body.id !== null) m.stack.push({ takeBack: { kind: 'import', id: body.id }, before });
    else expect(allowed(patched) || allowed(deleted)).toBe(false);
    await agree(m, r);
  }
  toString = () => `Bulk(${this.who}, ${this.at})`;
}

/**
 * Takes back the newest write of this run that is not yet taken back. A delete is restored from the
 * recycle bin (`viaBin`) or by reverting its history entries, which must come to the same.
 */
export async function takeBack(m: Model, r: Real, who: Actor = 'admin', viaBin = false) {
  const top = m.stack[m.stack.length - 1]!;
  const tb: TakeBack = top.takeBack;
  if (tb.kind === 'import') {
    const res = await call(r, who, 'POST', `/api/import/${tb.id}/undo`);
    expect(res.statusCode, res.body).toBe(200);
  } else if (tb.kind === 'imageJob') {
    const res = await call(r, who, 'POST', `/api/upload/images/${tb.id}/undo`);
    expect(res.statusCode, res.body).toBe(200);
  } else if (viaBin && tb.deleted) {
    // Not simply the newest entry: taking back a later create also puts its row in the bin.
    const { entity, id } = tb.deleted;
    const list = await call(r, who, 'GET', `/api/bin?entity=${entity}&limit=100`);
    const entries = list.json<{ data: { id: number; entity: string; entityId: number }[] }>().data;
    const entry = entries.find((e) => e.entityId === id);
    expect(entry, `bin entry for ${entity} ${id}`).toBeDefined();
    const res = await call(r, who, 'POST', `/api/bin/${entry!.id}/restore`);
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

export class TakeBackNewest implements fc.AsyncCommand<Model, Real> {
  constructor(readonly viaBin: boolean) {}
  check = (m: Readonly<Model>) => m.stack.length > 0;
  async run(m: Model, r: Real) {
    await takeBack(m, r, 'admin', this.viaBin);
  }
  toString = () => `TakeBack(${this.viaBin ? 'bin' : 'history'})`;
}
