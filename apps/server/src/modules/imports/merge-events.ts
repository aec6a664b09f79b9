import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import { announceWritten, anyoneWants, type RecordEntity, type WrittenRow } from '../../core/record-events';

type Executor = Db | Tx;

/** A row an upsert wrote, as its `returning` clause gives it. */
type Upserted = { id: number; family_id: number | null; created: boolean };

/**
 * The records each level's statements wrote, noted only when a subscription wants that level's events
 * (docs/decisions/0051-webhooks.md): the statements then return their ids, and the events are written
 * once the merge is done, with the records as it left them.
 */
export class MergeEvents {
  private readonly rows = new Map<
    RecordEntity,
    { created: WrittenRow[]; updated: Map<number, WrittenRow> }
  >();

  private constructor(private readonly wanted: Set<RecordEntity>) {}

  static async start(tx: Executor, write: boolean): Promise<MergeEvents> {
    const wanted = new Set<RecordEntity>();
    if (write) {
      for (const entity of ['family', 'category', 'product'] as const) {
        if (await anyoneWants(tx, entity, ['created', 'updated'])) wanted.add(entity);
      }
    }
    return new MergeEvents(wanted);
  }

  /** The `returning` clause for a statement writing `entity`: nothing when nobody listens. */
  returning(entity: RecordEntity, columns: SQL): SQL {
    return this.wanted.has(entity) ? sql` returning ${columns}` : sql``;
  }

  /** Runs a statement and notes the rows it returned (upserts tell created from updated by `created`). */
  async run(tx: Executor, entity: RecordEntity, statement: SQL): Promise<void> {
    const result = await tx.execute(statement);
    if (!this.wanted.has(entity)) return;
    let level = this.rows.get(entity);
    if (!level) this.rows.set(entity, (level = { created: [], updated: new Map() }));
    for (const row of resultRows<Upserted>(result)) {
      const written = { id: Number(row.id), family: row.family_id === null ? null : Number(row.family_id) };
      if (row.created) level.created.push(written);
      else level.updated.set(written.id, written);
    }
  }

  /** Writes the noted rows' events: the created before the updated, each record once. */
  async announce(tx: Executor): Promise<void> {
    for (const entity of ['family', 'category', 'product'] as const) {
      const level = this.rows.get(entity);
      if (!level) continue;
      const created = new Set(level.created.map((r) => r.id));
      await announceWritten(tx, entity, 'created', level.created);
      await announceWritten(
        tx,
        entity,
        'updated',
        [...level.updated.values()].filter((r) => !created.has(r.id)),
      );
    }
  }
}

/** What an upsert returns for MergeEvents: `xmax` is 0 on a row the statement inserted. */
export const UPSERTED = (family: SQL) => sql`id, ${family} as family_id, (xmax = 0) as created`;
