import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { resultRows } from './result-rows';

/** One migration of the build, as its journal lists it. */
export interface Migration {
  tag: string;
  /** The journal's time: the migrator applies a migration when it is later than the newest applied. */
  when: number;
}

type Execute = (query: ReturnType<typeof sql>) => Promise<unknown>;

/** The build's migrations, oldest first. */
export function readJournal(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * A build started on a database migrated by a newer one. Drizzle's migrator applies nothing then and
 * says nothing, and the older code would run on a schema it does not know: rules that moved into new
 * columns (drafts, a category delete that keeps its products) would silently stop holding.
 */
export class DatabaseAheadError extends Error {
  constructor(
    readonly databaseSchema: string,
    readonly buildSchema: string,
  ) {
    super(
      `This database was upgraded by a newer Dalil: its schema is ${databaseSchema}, and this build knows ` +
        `schema up to ${buildSchema}. Starting this build on it could corrupt the catalogue, so it stops ` +
        `here. Start the newer build again, or, to go back to this one, restore the backup taken before ` +
        `the upgrade (docs/reliability.md, "Rolling back").`,
    );
    this.name = 'DatabaseAheadError';
  }
}

// The migrator's own table keeps a hash and a time per migration, not its name. Beside it, each build
// notes the names of the migrations it applied, so that an older build can say which schema it found.
const NAMES = sql`drizzle.dalil_migration_names`;

async function present(execute: Execute, table: string): Promise<boolean> {
  const [row] = resultRows<{ present: boolean }>(
    await execute(sql`select to_regclass(${table}) is not null as present`),
  );
  return row?.present === true;
}

/** Throws DatabaseAheadError when the database holds a migration later than the build's newest. */
export async function refuseNewerDatabase(execute: Execute, journal: Migration[]): Promise<void> {
  const newest = journal.at(-1);
  if (!newest || !(await present(execute, 'drizzle.__drizzle_migrations'))) return;
  const [row] = resultRows<{ newest: string | null }>(
    await execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
  );
  const applied = row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
  if (applied === null || applied <= newest.when) return;
  let name: string | undefined;
  if (await present(execute, 'drizzle.dalil_migration_names')) {
    const [named] = resultRows<{ tag: string }>(
      await execute(sql`select tag from ${NAMES} where created_at = ${applied}`),
    );
    name = named?.tag;
  }
  throw new DatabaseAheadError(name ?? `of a migration dated ${new Date(applied).toISOString()}`, newest.tag);
}

/** Notes the names of the build's migrations (after migrating), for the check above in older builds. */
export async function nameMigrations(execute: Execute, journal: Migration[]): Promise<void> {
  if (journal.length === 0) return;
  await execute(sql`create table if not exists ${NAMES} (
    created_at bigint primary key, tag text not null, named_at timestamptz not null default now())`);
  const values = journal.map((m) => sql`(${m.when}, ${m.tag})`);
  await execute(sql`insert into ${NAMES} (created_at, tag) values ${sql.join(values, sql`, `)}
    on conflict (created_at) do nothing`);
}
