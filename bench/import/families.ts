import { openDatabase } from '../../apps/server/src/db/client';
import { categories, families } from '../../apps/server/src/db/schema';
import { insertAttributes } from '../lib/attributes';
import { benchConfig } from '../lib/config';
import { CATEGORIES_PER_FAMILY, categoryName, FAMILIES, familyName } from './generate';

/**
 * The families and categories of the generated files, each family with `attributes` typed attributes
 * on all its categories, written to a new database before the server opens it: an "all" file's
 * `attr.*` cells are checked against the attributes of their row's family, which must exist first.
 */
export async function createFamilies(dataDir: string, url: string | undefined, attributes: number) {
  const config = benchConfig(dataDir, url);
  const database = await openDatabase({ url, dataDir: config.dataDir, statementTimeoutMs: 0 });
  try {
    await database.db.transaction(async (tx) => {
      for (let f = 0; f < FAMILIES; f++) {
        const name = familyName(f);
        const [family] = await tx
          .insert(families)
          .values({ nameEn: name.en, nameAr: name.ar })
          .returning({ id: families.id });
        const rows = Array.from({ length: CATEGORIES_PER_FAMILY }, (_, c) => categoryName(f, c)).map((n) => ({
          familyId: family!.id,
          nameEn: n.en,
          nameAr: n.ar,
        }));
        const ids = await tx.insert(categories).values(rows).returning({ id: categories.id });
        await insertAttributes(
          tx,
          family!.id,
          ids.map((r) => r.id),
          attributes,
        );
      }
    });
  } finally {
    await database.close();
  }
}
