import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { importLeases } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { LEASE_MS, ownerGone } from '../../lib/job-lease';

// An import's staging rows (`import_rows`) live as long as its lease (lib/job-lease.ts): taken before
// the first row is staged, renewed by a heartbeat while the import runs, let go when its rows are
// cleared. Rows with no live lease belong to an import whose process died; a start (and the periodic
// sweep of temporary files) removes them. The database's clock reads every lease, so processes on
// machines whose clocks differ agree.

type Executor = Pick<Db, 'execute'>;

const until = sql`now() + make_interval(secs => ${LEASE_MS / 1000})`;

export async function takeImportLease(db: Db, importId: number, owner: string): Promise<void> {
  await db.insert(importLeases).values({ importId, leaseOwner: owner, leaseUntil: sql`${until}` });
}

/** Pushes the lease on; false once it is gone (its rows were removed as those of a dead import). */
export async function renewImportLease(db: Executor, importId: number, live = false): Promise<boolean> {
  const { rows } = (await db.execute(
    sql`update import_leases set lease_until = ${until} where import_id = ${importId}::bigint
      ${live ? sql`and lease_until > now()` : sql``} returning import_id`,
  )) as { rows: unknown[] };
  return rows.length > 0;
}

/**
 * Called in the import's transaction before it reads its staged rows: the lease must still be live,
 * and stays locked (so no other process removes the rows) until the transaction ends. A lease that
 * ran out (this process stalled longer than the lease) may have lost rows: the import stops.
 */
export async function holdImportLease(tx: Tx, importId: number): Promise<void> {
  if (await renewImportLease(tx, importId, true)) return;
  throw new HttpError(503, 'import.interrupted', {}, { headers: { 'retry-after': '5' } });
}

export async function dropImportLease(db: Executor, importId: number): Promise<void> {
  await db.execute(sql`delete from import_leases where import_id = ${importId}::bigint`);
}

/**
 * Removes the staging rows of imports whose process died, with their leases: `all` of them when
 * this process owns the database alone and has just started (PGlite), else those with no live
 * lease or whose owner is a process of this host that is gone (lib/job-lease.ts: a restart within
 * the lease need not wait for it). Answers each dead import's id and how many rows it had left. One
 * statement: a lease renewed in an import's transaction (holdImportLease) makes it wait for that
 * transaction.
 */
export async function removeDeadStaging(
  db: Executor,
  { all, self }: { all: boolean; self: string },
): Promise<{ importId: number; rows: number }[]> {
  const { rows: owners } = (await db.execute(
    sql`select distinct lease_owner as owner from import_leases where lease_until > now()`,
  )) as { rows: { owner: string }[] };
  const gone = owners.map((o) => o.owner).filter((owner) => ownerGone(owner, self));
  const goneList = sql.param(gone);
  const dead = all ? sql`true` : sql`(lease_until <= now() or lease_owner = any(${goneList}::text[]))`;
  const alive = all
    ? sql`false`
    : sql`exists (select 1 from import_leases l where l.import_id = r.import_id and l.lease_until > now()
        and l.lease_owner <> all(${goneList}::text[]))`;
  const { rows } = (await db.execute(sql`
    with leases as (delete from import_leases where ${dead} returning import_id),
    gone as (delete from import_rows r where not ${alive} returning r.import_id)
    select import_id::text as "importId", count(*)::int as rows from gone group by import_id
    union
    select import_id::text, 0 from leases
      where import_id not in (select import_id from gone)`)) as {
    rows: { importId: string; rows: number }[];
  };
  return rows.map((r) => ({ importId: Number(r.importId), rows: r.rows }));
}
