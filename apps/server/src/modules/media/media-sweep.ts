import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import { baseName, type MediaStore } from '../../lib/media-store';

/** An upload no saved form has used yet is kept this long before it counts as an orphan. */
export const UNATTACHED_GRACE_MS = 24 * 3600 * 1000;

interface MissingReference {
  table: 'families' | 'categories' | 'products';
  id: number;
  field: 'logo' | 'image' | 'cover';
  name: string;
}

export interface MediaReport {
  /** Keys of images no row references, older than the grace period: safe to remove. */
  orphans: string[];
  /** Keys of unreferenced images younger than the grace period (an upload a form may still save). */
  recent: string[];
  /** Keys of images no row names but the history does: a revert or an import undo puts them back. */
  history: string[];
  /** Rows that name an image the store does not hold. */
  missing: MissingReference[];
}

/** Every (table, id, field, name) that names an image. */
async function references(db: Db): Promise<MissingReference[]> {
  const rows = await db.execute(sql`
    select 'families' as table, id, f.field, f.name from families,
      lateral (values ('logo', logo), ('image', image), ('cover', cover)) as f(field, name)
      where f.name is not null
    union all
    select 'categories', id, f.field, f.name from categories,
      lateral (values ('logo', logo), ('image', image)) as f(field, name) where f.name is not null
    union all
    select 'products', id, f.field, f.name from products,
      lateral (values ('logo', logo), ('image', image)) as f(field, name) where f.name is not null`);
  return resultRows<MissingReference>(rows);
}

/**
 * Image names that the history still holds: an entry's before and after values of an image field,
 * and the rows an import changed as they were. Reverting the entry or undoing the import writes the
 * name back, so its files must still be there; they go once the history lets go of them (HISTORY_DAYS).
 * The rows in the recycle bin hold theirs the same way until restored or purged (BIN_DAYS).
 */
async function historyNames(db: Db): Promise<Set<string>> {
  const rows = await db.execute(sql`
    select v.name from activity a,
      lateral jsonb_each(a.changes) as c(field, change),
      lateral (values (c.change->>'before'), (c.change->>'after')) as v(name)
      where a.entity in ('family', 'category', 'product') and c.field in ('logo', 'image', 'cover')
        and v.name is not null
    union
    select v.name from import_changes i,
      lateral (values (i.before->>'logo'), (i.before->>'image'), (i.before->>'cover')) as v(name)
      where i.before is not null and v.name is not null
    union
    select v.name from bin_rows b,
      lateral (values (b.row->>'logo'), (b.row->>'image'), (b.row->>'cover')) as v(name)
      where v.name is not null`);
  return new Set(resultRows<{ name: string }>(rows).map((r) => r.name));
}

/**
 * Compares the store with the rows. An image is referenced when any family, category or product
 * names it; its widths live and die with it. An unreferenced image the history still names is kept
 * for a revert; the others are replaced or deleted images (orphans) or uploads not yet saved with a
 * form (kept for the grace period after their upload).
 */
export async function inspectMedia(db: Db, store: MediaStore, now = Date.now()): Promise<MediaReport> {
  const refs = await references(db);
  const used = new Set(refs.map((r) => r.name));
  const held = await historyNames(db);
  const stored = new Set<string>();
  const modified = new Map<string, number>();
  const keys: string[] = [];
  for await (const o of store.list()) {
    keys.push(o.key);
    if (o.key === baseName(o.key)) {
      stored.add(o.key);
      modified.set(o.key, o.modified.getTime());
    }
  }
  const orphans: string[] = [];
  const recent: string[] = [];
  const history: string[] = [];
  for (const key of keys) {
    const name = baseName(key);
    if (used.has(name)) continue;
    if (held.has(name)) {
      history.push(key);
      continue;
    }
    // A width whose stored image is gone is an orphan at once; otherwise the stored image's age counts.
    const age = now - (modified.get(name) ?? 0);
    (age >= UNATTACHED_GRACE_MS ? orphans : recent).push(key);
  }
  return { orphans, recent, history, missing: refs.filter((r) => !stored.has(r.name)) };
}

/** Removes orphaned images and their widths; answers how many objects went. */
export async function removeOrphans(db: Db, store: MediaStore, now = Date.now()): Promise<number> {
  const { orphans } = await inspectMedia(db, store, now);
  await store.remove(orphans);
  return orphans.length;
}
