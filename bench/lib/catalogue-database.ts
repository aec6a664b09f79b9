import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { sql } from 'drizzle-orm';
import { ensureAccounts } from '../../apps/server/src/seed/accounts';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { createDatabase } from '../../apps/server/test/postgres-server';
import { generateCatalogue, type Generated } from './catalogue';
import { benchConfig } from './config';

export type Engine = 'pglite' | 'postgres';

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const CATALOGUE_OPTIONS = {
  engine: { type: 'string', default: 'both' },
  products: { type: 'string', default: '100000' },
} as const;

/**
 * The command line of a bench over a generated catalogue: `--engine pglite|postgres|both` and
 * `--products N`, which every such bench takes, plus its own `options`.
 */
export function args<T extends NonNullable<ParseArgsConfig['options']>>(options: T) {
  const { values } = parseArgs<{ options: typeof CATALOGUE_OPTIONS & T }>({
    options: { ...CATALOGUE_OPTIONS, ...options },
  });
  // TypeScript cannot narrow the parsed values while T is open; both options have defaults.
  const common = values as unknown as { engine: string; products: string };
  return { args: values, engines: parseEngines(common.engine), products: Number(common.products) };
}

function parseEngines(engine: string): Engine[] {
  if (engine === 'both') return ['pglite', 'postgres'];
  if (engine === 'pglite' || engine === 'postgres') return [engine];
  throw new Error(`--engine must be pglite, postgres or both, not ${engine}`);
}

/** Other work on the machine shows here: on 2 cores, anything above 2 means queueing for a CPU. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/**
 * Where a server process under test keeps its data: a new temporary DATA_DIR and, on PostgreSQL, a
 * new database. `env` goes to the server; `remove` drops both.
 */
export async function scratchData(engine: Engine, prefix: string) {
  const dataDir = mkdtempSync(join(os.tmpdir(), prefix));
  const created =
    engine === 'postgres' ? await createDatabase(POSTGRES_ADMIN_URL, 'dalil_bench_') : undefined;
  const url = created?.url;
  return {
    dataDir,
    url,
    env: { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) },
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await created?.drop();
    },
  };
}

export interface Prepared {
  engine: Engine;
  /** A new temporary directory: the PGlite data, or only the media with PostgreSQL. */
  dataDir: string;
  /** The new PostgreSQL database, when the engine is postgres. */
  url: string | undefined;
  generated: Generated;
  productIds: { min: number; max: number };
  /** Drops the database and removes the directory. */
  cleanup: () => Promise<void>;
}

/**
 * A new database (a PGlite data directory, or a new PostgreSQL database on the local server) holding
 * the accounts and a generated catalogue of `products` products, closed again so a server process can
 * open it. `inspect` runs on the open database after the catalogue is written (query plans, say).
 * With `attributes` > 0 each family has that many typed attributes and each product a value for each.
 */
export async function prepare(
  engine: Engine,
  products: number,
  log: (line: string) => void,
  inspect?: (db: Db, generated: Generated) => Promise<void>,
  attributes = 0,
): Promise<Prepared> {
  const scratch = await scratchData(engine, 'dalil-bench-');
  const { dataDir, url } = scratch;
  const cleanup = scratch.remove;
  try {
    const config = benchConfig(dataDir, url);
    // No statement timeout: rebuilding the indexes of a million products takes minutes.
    const database = await openDatabase({ url, dataDir: config.dataDir, statementTimeoutMs: 0 });
    try {
      await ensureAccounts(database.db, config);
      log(`[${engine}] generating ${products} products, ${attributes} attributes per family`);
      const generated = await generateCatalogue(database.db, products, () => undefined, attributes);
      const result: unknown = await database.db.execute(
        sql`select min(id)::int as min, max(id)::int as max from products`,
      );
      const productIds = (result as { rows: { min: number; max: number }[] }).rows[0]!;
      const s = generated.seconds;
      log(
        `[${engine}] ${generated.products} products (ids ${productIds.min}..${productIds.max}): ` +
          `insert ${s.insert.toFixed(1)} s, completeness ${s.completeness.toFixed(1)} s, ` +
          `indexes ${s.indexes.toFixed(1)} s, ` +
          `vacuum analyze ${s.analyze.toFixed(1)} s`,
      );
      if (inspect) await inspect(database.db, generated);
      return { engine, dataDir, url, generated, productIds, cleanup };
    } finally {
      await database.close();
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Each engine in turn: its catalogue generated, measured, then removed; the rows of them all. */
export async function measureEach<R>(
  engines: Engine[],
  products: number,
  log: (line: string) => void,
  measure: (p: Prepared) => Promise<R[]>,
): Promise<R[]> {
  const all: R[] = [];
  for (const engine of engines) {
    const p = await prepare(engine, products, log);
    try {
      all.push(...(await measure(p)));
    } finally {
      await p.cleanup();
    }
  }
  return all;
}

/** The machine a run measured on, for the first line of its report. */
export const machine = () =>
  `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
  `${Math.round(os.totalmem() / 1024 ** 3)} GB`;

/** Headers of a request signed in as the guest account the bench config creates. */
export async function guestHeaders(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'guest', password: 'guest' }),
  });
  if (!login.ok) throw new Error(`guest sign-in failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
