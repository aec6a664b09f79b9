import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultRows } from '../imports/merge';
import { baseName, type MediaStore } from '../../lib/media-store';

/** An upload no saved form has used yet is kept this long before it counts as an orphan. */
export const UNATTACHED_GRACE_MS = 24 * 3600 * 1000;

export interface MissingReference {
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
 * Compares the store with the rows. An image is referenced when any family, category or product
 * names it; its widths live and die with it. The unreferenced ones are replaced or deleted images
 * (orphans) or uploads not yet saved with a form (kept for the grace period after their upload).
 */
export async function inspectMedia(db: Db, store: MediaStore, now = Date.now()): Promise<MediaReport> {
  const refs = await references(db);
  const used = new Set(refs.map((r) => r.name));
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
  for (const key of keys) {
    const name = baseName(key);
    if (used.has(name)) continue;
    // A width whose stored image is gone is an orphan at once; otherwise the stored image's age counts.
    const age = now - (modified.get(name) ?? 0);
    (age >= UNATTACHED_GRACE_MS ? orphans : recent).push(key);
  }
  return { orphans, recent, missing: refs.filter((r) => !stored.has(r.name)) };
}

/** Removes orphaned images and their widths; answers how many objects went. */
export async function removeOrphans(db: Db, store: MediaStore, now = Date.now()): Promise<number> {
  const { orphans } = await inspectMedia(db, store, now);
  await store.remove(orphans);
  return orphans.length;
}
