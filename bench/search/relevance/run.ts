// bench/search/relevance: how well the catalogue search finds what a shopper means, on the demo
// catalogue and a generated one, against a baseline of PostgreSQL full-text search as Saleor does it.
//   npx tsx bench/search/relevance/run.ts [--engine pglite|postgres] [--products 5000] [--misses]
// A benchmark, never a test; results are in docs/performance.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { normalizeSearchText } from '@dalil/contracts/search-text';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../../apps/server/src/db/client';
import { searchProducts } from '../../../apps/server/src/modules/search/search.repository';
import { VocabularyCache } from '../../../apps/server/src/modules/search/vocabulary-cache';
import { insertDemoRows } from '../../../apps/server/test/demo-rows';
import { createDatabase } from '../../../apps/server/test/postgres-server';
import { markdownTable } from '../../lib/table';
import { generateCatalogue } from '../../lib/catalogue';
import { buildJudgments, type CatalogueRow } from './judgments';
import { KINDS, type Judgment } from './kinds';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    products: { type: 'string', default: '5000' },
    misses: { type: 'boolean', default: false },
  },
});
const log = (s: string) => process.stdout.write(`${s}\n`);
const TOP = 10;

async function rowsOf<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Dalil's search: the repository the API route calls, with the family's vocabulary. */
async function dalil(db: Db, vocabularies: VocabularyCache, j: Judgment): Promise<number[]> {
  const vocabulary = await vocabularies.get(j.family, 0);
  const result = await searchProducts(
    db,
    { family: j.family, text: normalizeSearchText(j.query), limit: TOP, skip: 0, publishedAt: null },
    vocabulary,
  );
  return result.data.map((p) => p.id);
}

/**
 * The baseline: Saleor's product search. A search vector of the names (weight A) and the codes
 * (weight B, as Saleor weighs variant SKUs) with the 'simple' configuration, the query as typed
 * through websearch_to_tsquery('simple', ...), ranked by ts_rank, then id.
 */
async function baseline(db: Db, j: Judgment): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with q as (select websearch_to_tsquery('simple', ${j.query}) as query)
        select p.id from products p, q
        where p.family_id = ${j.family} and (
          setweight(to_tsvector('simple', p.name_ar || ' ' || p.name_en), 'A') ||
          setweight(to_tsvector('simple', coalesce(p.barcode, '') || ' ' || coalesce(p.number, '')), 'B')
        ) @@ q.query
        order by ts_rank(
          setweight(to_tsvector('simple', p.name_ar || ' ' || p.name_en), 'A') ||
          setweight(to_tsvector('simple', coalesce(p.barcode, '') || ' ' || coalesce(p.number, '')), 'B'),
          q.query) desc, p.id
        limit ${TOP}`,
  );
  return rows.map((r) => r.id);
}

interface Score {
  top1: number;
  recall: number;
  rr: number;
}

/**
 * Top-1: the first result is the product that must be first, or (where none must) one of the
 * expected. Recall@10: the share of expected products in the top 10. Reciprocal rank: 1 / the rank of
 * the product that must be first (or of the best-placed expected one), 0 outside the top 10.
 */
function score(j: Judgment, ids: number[]): Score {
  const top = ids.slice(0, TOP);
  const wanted = j.first !== undefined ? [j.first] : j.expected;
  const rank = top.findIndex((id) => wanted.includes(id));
  return {
    top1: top.length > 0 && wanted.includes(top[0]!) ? 1 : 0,
    recall: j.expected.filter((id) => top.includes(id)).length / j.expected.length,
    rr: rank < 0 ? 0 : 1 / (rank + 1),
  };
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const f2 = (n: number) => n.toFixed(2);

async function open(engine: string) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-relevance-'));
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir });
    return {
      database,
      cleanup: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const created = await createDatabase(admin, 'dalil_relevance_');
  const database = await openDatabase({ url: created.url, dataDir });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const { database, cleanup } = await open(args.engine);
try {
  const db = database.db;
  const demoRows = await insertDemoRows(db);
  const demoFamilies = [...new Set(demoRows.map((r) => r.family))];
  log(`[${args.engine}] demo catalogue: ${demoRows.length} products; generating ${args.products} more`);
  const generated = await generateCatalogue(db, Number(args.products), () => undefined);
  const generatedRows = await rowsOf<CatalogueRow>(
    db,
    sql`select id, family_id as family, name_en as "nameEn", name_ar as "nameAr", barcode from products
        where family_id in (${sql.join(
          generated.families.map((f) => sql`${f}`),
          sql`, `,
        )}) order by id`,
  );
  const judgments = buildJudgments(
    { rows: demoRows, families: demoFamilies },
    { rows: generatedRows, firstId: generatedRows[0]!.id },
  );
  log(`[${args.engine}] ${judgments.length} judgments`);

  const vocabularies = new VocabularyCache(db);
  const results: { j: Judgment; ours: Score; base: Score; ids: number[] }[] = [];
  for (const j of judgments) {
    const ids = await dalil(db, vocabularies, j);
    results.push({ j, ours: score(j, ids), base: score(j, await baseline(db, j)), ids });
  }

  const names = new Map([
    ...demoRows.map((r) => [r.id, r.nameEn] as const),
    ...generatedRows.map((r) => [r.id, r.nameEn] as const),
  ]);
  if (args.misses) {
    for (const { j, ours, ids } of results) {
      if (ours.top1 === 1 && ours.recall === 1) continue;
      log(
        `MISS [${j.kind}] "${j.query}" want ${j.first ? names.get(j.first) : '-'} / ` +
          `${j.expected.map((id) => names.get(id)).join(', ')}; got ${ids
            .slice(0, 5)
            .map((id) => names.get(id))
            .join(', ')}`,
      );
    }
  }

  const row = (label: string, rs: typeof results) => [
    label,
    rs.length,
    f2(mean(rs.map((r) => r.ours.top1))),
    f2(mean(rs.map((r) => r.ours.recall))),
    f2(mean(rs.map((r) => r.ours.rr))),
    f2(mean(rs.map((r) => r.base.top1))),
    f2(mean(rs.map((r) => r.base.recall))),
    f2(mean(rs.map((r) => r.base.rr))),
  ];
  const table = [
    ...KINDS.map((kind) =>
      row(
        kind,
        results.filter((r) => r.j.kind === kind),
      ),
    ),
    row(
      'demo catalogue',
      results.filter((r) => r.j.catalogue === 'demo'),
    ),
    row(
      'generated catalogue',
      results.filter((r) => r.j.catalogue === 'generated'),
    ),
    row('**all**', results),
  ];
  log(
    `\n${judgments.length} queries on ${args.engine}: the demo catalogue (${demoRows.length} products) and a ` +
      `generated one (${generated.products} products in ${generated.families.length} families); top ${TOP}.\n`,
  );
  log(
    markdownTable(
      ['kind', 'queries', 'Dalil top-1', 'Dalil R@10', 'Dalil MRR', 'FTS top-1', 'FTS R@10', 'FTS MRR'],
      table,
    ),
  );
} finally {
  await cleanup();
}
