import { normalizeSearchText } from '@dalil/contracts/search-text';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { searchProducts } from '../../apps/server/src/modules/search/search.repository';
import { VocabularyCache } from '../../apps/server/src/modules/search/vocabulary-cache';

type Executor = Pick<Db, 'execute' | 'transaction'>;

/** Runs the search module's own SQL under EXPLAIN ANALYZE and prints every plan it produces. */
function explaining(db: Executor, plans: string[]): Executor {
  const execute = async (query: SQL) => {
    const result: unknown = await db.execute(sql`explain (analyze, costs off) ${query}`);
    const rows = (result as { rows: Record<string, string>[] }).rows;
    plans.push(rows.map((r) => Object.values(r)[0]).join('\n'));
    return { rows: [] };
  };
  return {
    execute,
    transaction: (fn: (tx: unknown) => Promise<unknown>) => db.transaction((tx) => fn(explaining(tx, plans))),
  } as unknown as Executor;
}

export async function explainSearch(
  db: Db,
  label: string,
  filter: { family: number; category?: number; search: string; skip?: number },
): Promise<string> {
  const plans: string[] = [];
  const vocabulary = await new VocabularyCache(db).get(filter.family, 0);
  await searchProducts(
    explaining(db, plans) as Db,
    {
      family: filter.family,
      category: filter.category,
      text: normalizeSearchText(filter.search),
      limit: 25,
      skip: filter.skip ?? 0,
      publishedAt: null,
    },
    vocabulary,
  );
  return `--- ${label}\n${plans.join('\n\n')}`;
}
