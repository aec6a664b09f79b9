import type { Db, Executor } from '../db/client';
import { bumpVersion, readVersion, VersionedWrites } from './state-version';

const CATALOGUE_VERSION_KEY = 'catalogue_version';

/**
 * Moves the catalogue version on, inside the caller's transaction. The version lives in the database,
 * so several server processes on one PostgreSQL agree on it, and read caches keyed by it never serve a
 * result older than the last committed write (docs/architecture.md, "Caching"). Catalogue writes go
 * through `CatalogueWrites.write`, which calls this.
 */
export const bumpCatalogueVersion = (db: Executor): Promise<void> => bumpVersion(db, CATALOGUE_VERSION_KEY);

export const readCatalogueVersion = (db: Executor): Promise<number> => readVersion(db, CATALOGUE_VERSION_KEY);

/**
 * The one write path of the catalogue (families, categories, products, imports) in this process: each
 * write bumps the catalogue version in its transaction, and this process's read caches expire once it
 * has committed (`onWrite`).
 */
export class CatalogueWrites extends VersionedWrites {
  constructor(db: Db) {
    super(db, CATALOGUE_VERSION_KEY);
  }
}
