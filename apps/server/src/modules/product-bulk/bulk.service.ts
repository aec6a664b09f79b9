import type { Account } from '@dalil/contracts/auth';
import type { BulkOperation, BulkRequest, BulkResponse, BulkResult } from '@dalil/contracts/product-bulk';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importRuns } from '../../db/schema';
import { actorOf } from '../../lib/api-key-caller';
import { resultRows } from '../../lib/db-helpers';
import type { DataContext } from '../../core/context';
import { withUniqueConflicts } from '../../core/crud-service';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { requireWritable } from '../../core/family-scope';
import { historyRecording, inChangeSet } from '../../core/history';
import { publishChange } from '../../core/domain-events';
import { finishImportRun, mayUndo, rememberImportResult, startImportRun } from '../imports/imports.service';
import { createInput, failure, matching, patchProduct } from './bulk-operations';
import { PRODUCT_CONFLICTS, writeProductCreate, writeProductDelete } from '../products/products.service';

/**
 * Bulk product writes (docs/decisions/0065-bulk-operations-and-change-sets.md): each operation goes
 * through the product service's own writes (family scope, references, GTIN rule, barcode key,
 * attribute values, completeness, history entry and webhook event), all in one transaction; in
 * `each` mode each in a savepoint, so a failed one leaves no trace and the others go on. The request
 * is one change set: an import run of kind `bulk`, whose triggers note each row's before-image for
 * the undo.
 */

const CHANGE_SET = 'Change set';
/** What a change set is called in the imports list and the history (its "file"). */
const CHANGE_SET_NAME = 'bulk request';

type Counts = { created: number; updated: number; deleted: number };

/** Thrown to roll the whole request back: an all-or-nothing request with a failed operation. */
class Refused extends Error {
  constructor(readonly results: BulkResult[]) {
    super('bulk request refused');
  }
}

/** What the operations of one request share: its change set (none with the history off) and counts. */
interface Progress {
  run: number | null;
  counts: Counts;
}

async function apply(
  tx: Tx,
  op: BulkOperation,
  caller: Account | null,
  progress: Progress,
): Promise<BulkResult> {
  const { counts } = progress;
  switch (op.op) {
    case 'delete': {
      const bin = await writeProductDelete(tx, op.id, caller);
      if (progress.run !== null) await noteDelete(tx, progress.run, bin);
      counts.deleted++;
      return { status: 204, id: op.id };
    }
    case 'patch': {
      const row = await patchProduct(tx, op.id, op.data, caller);
      counts.updated++;
      return { status: 200, id: row.id };
    }
    case 'upsert': {
      const { match, data } = op;
      // Another family's products answer as if there were none, as a read of them does.
      requireWritable(caller, match.family, 'Family');
      const found = await matching(tx, match);
      if (found.length > 1) throw conflict('bulk.matchAmbiguous', { count: found.length });
      if (found.length === 1) {
        const row = await patchProduct(tx, found[0]!.id, data, caller);
        counts.updated++;
        return { status: 200, id: row.id };
      }
      const row = await writeProductCreate(tx, createInput(data, match), caller);
      counts.created++;
      return { status: 201, id: row.id };
    }
  }
}

/**
 * A delete noted with the change set's other changes: the row as it was (unless the change set had
 * noted it already, as it created or updated it) and the bin entry that holds it, for the undo.
 */
async function noteDelete(tx: Tx, run: number, bin: number) {
  await tx.execute(sql`insert into import_changes (import_id, entity, entity_id, before, bin_entry_id)
    select ${run}::integer, 'product', r.entity_id, r.row, r.entry_id
    from bin_rows r where r.entry_id = ${bin} and r.entity = 'product'
    on conflict (import_id, entity, entity_id) do update set bin_entry_id = excluded.bin_entry_id`);
}

/**
 * The change set a request adds to: the caller's own, not undone, whose every family they may still
 * write; it is locked for the request.
 */
async function reopen(tx: Tx, id: number, caller: Account | null) {
  const [run] = await tx.select().from(importRuns).where(eq(importRuns.id, id)).for('update');
  if (!run || run.kind !== 'bulk') throw notFound(CHANGE_SET);
  const actor = actorOf(caller);
  const same = run.actorId === actor.actorId && run.actorUsername === actor.actorUsername;
  if (!same || !(await mayUndo(tx, id, run.familyId, caller))) throw conflict('bulk.changeSetElsewhere', {});
  if (run.undoneAt) throw conflict('bulk.changeSetUndone', {});
  await tx.execute(sql`select set_config('dalil.import_run', ${String(id)}, true)`);
  return run;
}

const NO_COUNTS = { created: 0, updated: 0, deleted: 0 };

/** Thrown at an all-or-nothing request's first failure when it runs without savepoints. */
class Retry extends Error {
  constructor() {
    super('bulk request run again with savepoints');
  }
}

/**
 * POST /api/product/bulk: runs the operations in order. `each` keeps the ones that succeed, each in
 * its own savepoint; `all-or-nothing` rolls everything back when one fails (422, every result
 * listed). A request in which nothing succeeds writes nothing, not even its change set.
 */
export async function runBulk(
  ctx: DataContext,
  request: BulkRequest,
  caller: Account | null,
): Promise<{ status: number; body: BulkResponse }> {
  const { mode } = request;
  try {
    try {
      // All or nothing needs no savepoint (two statements an operation) while every operation
      // succeeds; at the first failure it is run again with them, to list every result.
      return await attempt(ctx, request, caller, mode === 'each');
    } catch (err) {
      if (!(err instanceof Retry)) throw err;
      return await attempt(ctx, request, caller, true);
    }
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    const failed = err.results.filter((r) => r.status >= 400).length;
    // Nothing written: a change set it would have added to stays as it was.
    if (mode === 'each')
      return { status: 200, body: { id: request.changeSet ?? null, results: err.results } };
    const refusal = failure(
      new HttpError(422, 'bulk.failed', { count: failed, total: err.results.length }),
    ).error!;
    return { status: 422, body: { id: null, error: refusal, results: err.results } };
  }
}

/** One run of the request in one transaction; `savepoints`: each operation in its own. */
function attempt(ctx: DataContext, request: BulkRequest, caller: Account | null, savepoints: boolean) {
  const { operations, mode } = request;
  return ctx.catalogue.write(async (tx) => {
    const recording = historyRecording();
    if (request.changeSet !== undefined && !recording) throw notFound(CHANGE_SET);
    const earlier = request.changeSet === undefined ? undefined : await reopen(tx, request.changeSet, caller);
    const run = earlier
      ? earlier.id
      : recording
        ? await startImportRun(tx, caller, { kind: 'bulk', fileName: CHANGE_SET_NAME })
        : null;
    const progress: Progress = { run, counts: { ...NO_COUNTS } };
    const results: BulkResult[] = [];
    const write = (op: BulkOperation, on: Tx) =>
      withUniqueConflicts(PRODUCT_CONFLICTS, () => apply(on, op, caller, progress));
    await inChangeSet(run, async () => {
      for (const op of operations) {
        try {
          results.push(savepoints ? await tx.transaction((sp) => write(op, sp)) : await write(op, tx));
        } catch (err) {
          const result = failure(err);
          if (!savepoints) throw new Retry();
          results.push(result);
        }
      }
    });
    const failed = results.filter((r) => r.status >= 400).length;
    if ((mode === 'all-or-nothing' && failed > 0) || failed === results.length) throw new Refused(results);
    if (run !== null) await finish(tx, caller, run, progress.counts);
    return { status: 200, body: { id: run, results } };
  });
}

/**
 * Ends the request's part of the change set: the one family it wrote to (if only one) kept with it,
 * its counts of records (created, updated, deleted) as the whole change set has them,
 * `import.completed` announced, each row noted as the request left it (what an undo compares), and
 * one history entry for the request with the counts of its operations.
 */
async function finish(tx: Tx, caller: Account | null, run: number, counts: Counts) {
  const [kept] = resultRows<{
    family: number | null;
    families: number;
    created: number;
    updated: number;
    deleted: number;
  }>(
    await tx.execute(sql`select min(f.family) as family, count(distinct f.family)::int as families,
        count(*) filter (where c.before is null and c.bin_entry_id is null)::int as created,
        count(*) filter (where c.before is not null and c.bin_entry_id is null)::int as updated,
        count(*) filter (where c.before is not null and c.bin_entry_id is not null)::int as deleted
      from import_changes c left join products p on p.id = c.entity_id
        cross join lateral (select coalesce(p.family_id, (c.before ->> 'family_id')::int) as family) f
      where c.import_id = ${run} and c.entity = 'product'`),
  );
  const family = kept && kept.families === 1 && kept.family !== null ? Number(kept.family) : null;
  await tx.update(importRuns).set({ familyId: family }).where(eq(importRuns.id, run));
  // The records the change set wrote, each once, however many requests and operations wrote it.
  await finishImportRun(tx, run, {
    products: {
      created: Number(kept?.created ?? 0),
      updated: Number(kept?.updated ?? 0),
      deleted: Number(kept?.deleted ?? 0),
    },
  });
  await rememberImportResult(tx, run);
  await publishChange(tx, caller, {
    entity: 'import',
    action: 'import',
    entityId: run,
    family,
    before: null,
    after: null,
    changes: {
      kind: { before: null, after: 'bulk' },
      products: { before: null, after: counts },
    },
  });
}
