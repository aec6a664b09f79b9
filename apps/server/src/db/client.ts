import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';
import { nameMigrations, readJournal, refuseNewerDatabase } from './schema-version';
import { WorkerClient } from './worker-client';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a query needs: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** What a database's connections are doing at one moment (a pg pool, or PGlite's one connection). */
export interface PoolStats {
  /** Connections open. */
  total: number;
  /** Connections open and free. */
  idle: number;
  /** Queries (PGlite) or checkouts (pg) waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** What the connections are doing now (metrics). */
  poolStats(): PoolStats;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** CHECKPOINT (PGlite), then close; releases the data directory lock. */
  close(): Promise<void>;
  /** Flushes the write-ahead log to the data files (PGlite; PostgreSQL manages its own checkpoints). */
  checkpoint(): Promise<void>;
  /** PGlite only: a copy of the data directory as a tar file. */
  dump?: () => Promise<Uint8Array>;
  /**
   * Runs `task` holding the lock the migrations run under, so that processes starting together on one
   * PostgreSQL do their first-start work (accounts, the demo catalogue) one after another, each
   * seeing what the one before made. PGlite needs none: one process per data directory.
   */
  underStartupLock<T>(task: () => Promise<T>): Promise<T>;
}

export interface DatabaseOptions {
  /** postgres:// URL; unset means PGlite. */
  url?: string | undefined;
  /** PGlite data directory; unset means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from this dumped data directory (a migrated template, in tests). */
  template?: string | undefined;
  poolSize?: number;
  /**
   * PostgreSQL: every connection cancels a statement running longer than this (default 5 s), answered
   * 503. PGlite ignores statement_timeout; docs/reliability.md says what bounds it instead.
   */
  statementTimeoutMs?: number;
}

function migrationsFolder(): string {
  const candidates = [join(import.meta.dirname, '../drizzle'), join(import.meta.dirname, '../../drizzle')];
  const found = candidates.find((c) => existsSync(join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations not found in ${candidates.join(' or ')}`);
  return found;
}

/**
 * Refuses a database that a newer build migrated (db/schema-version.ts), then migrates and notes the
 * names of the migrations this build knows.
 */
async function migrateChecked(db: Executor, migrate: (folder: string) => Promise<void>) {
  const folder = migrationsFolder();
  const journal = readJournal(folder);
  const execute = (query: Parameters<Executor['execute']>[0]) => db.execute(query);
  await refuseNewerDatabase(execute, journal);
  await migrate(folder);
  await nameMigrations(execute, journal);
}

export const MIGRATION_LOCK = 7_243_101; // arbitrary constant: serializes start-up work across server processes

/** Holds the start-up lock on a connection of its own while `task` runs (on any connection). */
async function withStartupLock<T>(pool: pg.Pool, task: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const lockClient = await pool.connect();
  try {
    // Waiting for another process's migrations or demo catalogue, or building an index, may take
    // longer than a request's statement may: no timeout on this connection until it goes back.
    await lockClient.query('set statement_timeout = 0');
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await task(lockClient);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lockClient.query('reset statement_timeout').catch(() => undefined);
    lockClient.release();
  }
}

async function openPostgres(url: string, poolSize: number, statementTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    statement_timeout: statementTimeoutMs,
  });
  // A broken idle connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // A checked-out client (inside a transaction) has no pool listener: when its connection drops it
  // emits 'error' with none attached, which crashed the process during a PostgreSQL restart. Its
  // queries fail on their own (503), and the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  try {
    await withStartupLock(pool, async (lockClient) => {
      const migrator = drizzlePg({ client: lockClient, schema, casing: 'snake_case' });
      await migrateChecked(migrator, (folder) => migratePg(migrator, { migrationsFolder: folder }));
    });
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  return {
    db,
    engine: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => {
      await pool.query('select 1');
    },
    checkpoint: () => Promise.resolve(),
    close: () => pool.end(),
    underStartupLock: (task) => withStartupLock(pool, () => task()),
  };
}

async function openPglite(dataDir: string | undefined, template: string | undefined): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: WorkerClient;
  try {
    if (dataDir) mkdirSync(join(dataDir, 'pglite'), { recursive: true, mode: 0o700 });
    client = await WorkerClient.start({ dataDir: dataDir ? join(dataDir, 'pglite') : undefined, template });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, casing: 'snake_case' });
  try {
    await migrateChecked(db, (folder) => migratePglite(db, { migrationsFolder: folder }));
  } catch (err) {
    await client.close().catch(() => undefined);
    unlock();
    throw err;
  }
  return {
    db,
    engine: 'pglite',
    poolStats: () => ({ total: 1, idle: client.busy ? 0 : 1, waiting: client.waiting }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    checkpoint: async () => {
      await db.execute(sql`CHECKPOINT`);
    },
    dump: () => client.dump(),
    underStartupLock: (task) => task(),
  };
}

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.statementTimeoutMs ?? 5000)
    : openPglite(options.dataDir, options.template);
}
