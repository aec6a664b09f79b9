import type { Account } from '@dalil/contracts/auth';
import type { ImportKind, ImportReport } from '@dalil/contracts/imports';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { importRuns } from '../../db/schema';
import { actorOf } from '../../lib/api-key-caller';
import { enqueueWebhookEvents } from '../../core/webhook-outbox';

/** Records created and updated per level; a bulk change set also counts the products it deleted. */
type Counts = Record<
  'families' | 'categories' | 'products',
  { created: number; updated: number; deleted?: number }
>;

/**
 * Opens the record of an import inside its transaction, and tells the database's import triggers to
 * note every row the merge creates or updates under it (docs/decisions/0031-import-undo.md). The
 * run's `at` is the transaction's time, the same `now()` the merge stamps on each row it writes.
 */
export async function startImportRun(
  tx: Tx,
  caller: Account | null,
  options: {
    /** The file's kind, or `bulk` for a change set of bulk product writes. */
    kind: ImportKind | 'bulk';
    fileName?: string;
    family?: number;
    /** The scheduled feed that fetched the file. */
    feed?: number;
    /** A feed run that imported nothing: why (docs/decisions/0052-scheduled-feeds.md). */
    failure?: string;
  },
): Promise<number> {
  const [run] = await tx
    .insert(importRuns)
    .values({
      ...actorOf(caller),
      fileName: options.fileName ?? 'upload',
      kind: options.kind,
      familyId: options.family ?? null,
      feedId: options.feed ?? null,
      failure: options.failure ?? null,
      at: sql`now()`,
      counts: {},
    })
    .returning({ id: importRuns.id });
  await tx.execute(sql`select set_config('dalil.import_run', ${String(run!.id)}, true)`);
  return run!.id;
}

/**
 * Stops noting rows, keeps the import's counts with its record, and announces `import.completed` in
 * the same transaction; `failure` says why a run that wrote nothing failed.
 */
export async function finishImportRun(
  tx: Tx,
  run: number,
  counts: Partial<Counts>,
  failure: string | null = null,
): Promise<void> {
  await tx.execute(sql`select set_config('dalil.import_run', '', true)`);
  const kept = Object.fromEntries(
    Object.entries(counts).map(([level, c]) => [
      level,
      { created: c.created, updated: c.updated, ...(c.deleted === undefined ? {} : { deleted: c.deleted }) },
    ]),
  );
  const [row] = await tx
    .update(importRuns)
    .set({ counts: kept })
    .where(eq(importRuns.id, run))
    .returning({ kind: importRuns.kind, fileName: importRuns.fileName, family: importRuns.familyId });
  await announceImport(tx, { id: run, ...row!, counts, failure });
}

/**
 * Announces `import.completed` in the import's transaction; `id` is null when the history is off
 * (no import record is kept then).
 */
export async function announceImport(
  tx: Tx,
  run: {
    id: number | null;
    family: number | null;
    kind: string;
    fileName: string;
    counts: Partial<Counts>;
    failure: string | null;
  },
): Promise<void> {
  const counts = Object.fromEntries(
    Object.entries(run.counts).map(([level, c]) => [level, { created: c.created, updated: c.updated }]),
  );
  await enqueueWebhookEvents(tx, [
    {
      type: 'import.completed',
      family: run.family,
      key: null,
      data: {
        id: run.id,
        family: run.family,
        kind: run.kind,
        fileName: run.fileName,
        counts,
        failed: run.failure !== null,
        error: run.failure,
      },
    },
  ]);
}

const NOTHING = { created: 0, updated: 0 };

/**
 * Records a scheduled feed's run that imported nothing (docs/decisions/0052-scheduled-feeds.md): it
 * is listed with the imports, with why, and ends through `finishImportRun` like every import run.
 * Returns its id.
 */
export function recordFailedImportRun(
  db: Db,
  caller: Account | null,
  options: { kind: ImportKind; fileName: string; family: number; feed: number; failure: string },
  report: ImportReport | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const run = await startImportRun(tx, caller, options);
    if (report) await tx.update(importRuns).set({ report }).where(eq(importRuns.id, run));
    await finishImportRun(
      tx,
      run,
      { families: NOTHING, categories: NOTHING, products: NOTHING },
      options.failure,
    );
    return run;
  });
}

/** Keeps the report of a feed's import with its run: no one was waiting for the answer. */
export async function keepImportReport(db: Db, run: number, report: ImportReport): Promise<void> {
  await db.update(importRuns).set({ report }).where(eq(importRuns.id, run));
}
