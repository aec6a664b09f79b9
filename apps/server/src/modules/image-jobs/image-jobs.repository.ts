import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { ImageCounts, ImageFileReport, ImageJob } from '@dalil/contracts/image-upload';
import type { Db, Tx } from '../../db/client';
import { imageJobs } from '../../db/schema';
import { violatedUnique } from '../../lib/database-errors';
import { enqueueWebhookEvents } from '../../core/webhook-outbox';
import { changedCount } from './image-job-history';
import { countStatuses } from './image-judge';

const ACTIVE = ['queued', 'running'];
const INTERRUPTED =
  'The job was interrupted when the server stopped. Upload the same files again to finish it: images already stored count as unchanged.';

type Row = typeof imageJobs.$inferSelect & { changed: number };

/** A job's columns and how many products it changed. */
const jobColumns = { ...getTableColumns(imageJobs), changed: changedCount };

export function toImageJob(row: Row): ImageJob {
  return {
    id: row.id,
    family: row.familyKey === 0 ? null : row.familyKey,
    state: row.state as ImageJob['state'],
    done: row.done,
    total: row.total,
    counts: row.counts as ImageCounts,
    files: row.files as ImageFileReport[],
    error: row.error,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    changed: row.changed,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/**
 * Marks interrupted jobs failed: all active ones (one process owns an embedded database, so at its
 * start none is alive) or those whose heartbeat is older than `staleSeconds` (their process died;
 * lib/job-lease.ts). Answers the jobs it marked, with the process that ran them.
 */
export async function failInterrupted(
  db: Db,
  all: boolean,
  staleSeconds: number,
): Promise<{ id: number; leaseOwner: string | null }[]> {
  return db
    .update(imageJobs)
    .set({ state: 'failed', error: INTERRUPTED, updatedAt: new Date() })
    .where(
      and(
        inArray(imageJobs.state, ACTIVE),
        all ? undefined : lt(imageJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .returning({ id: imageJobs.id, leaseOwner: imageJobs.leaseOwner });
}

/** The family's queued or running job (interrupted ones are marked failed first: failInterrupted). */
export async function activeJob(db: Db, familyKey: number): Promise<Row | undefined> {
  const [row] = await db
    .select(jobColumns)
    .from(imageJobs)
    .where(and(eq(imageJobs.familyKey, familyKey), inArray(imageJobs.state, ACTIVE)));
  return row;
}

/** A new queued job run by `leaseOwner`, or null when the family already has an active one. */
export async function createJob(
  db: Db,
  familyKey: number,
  leaseOwner: string | null = null,
): Promise<Row | null> {
  try {
    const [row] = await db
      .insert(imageJobs)
      .values({ familyKey, state: 'queued', counts: countStatuses([]), files: [], leaseOwner })
      .returning();
    return { ...row!, changed: 0 };
  } catch (err) {
    if (violatedUnique(err) === 'image_jobs_active_family_key') return null;
    throw err;
  }
}

export async function readJob(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await db.select(jobColumns).from(imageJobs).where(eq(imageJobs.id, id));
  return row;
}

export async function latestJobs(db: Db, limit = 5): Promise<Row[]> {
  return db.select(jobColumns).from(imageJobs).orderBy(desc(imageJobs.id)).limit(limit);
}

export async function updateJob(
  db: Db | Tx,
  id: number,
  values: Partial<Pick<Row, 'state' | 'done' | 'total' | 'counts' | 'files' | 'error'>>,
): Promise<void> {
  const now = new Date();
  await db
    .update(imageJobs)
    .set({ ...values, heartbeatAt: now, updatedAt: now })
    .where(eq(imageJobs.id, id));
}

/**
 * Writes a job's last state, done or failed, and announces `image-job.completed` in the same
 * transaction (docs/decisions/0051-webhooks.md).
 */
export async function finishJob(
  db: Db,
  id: number,
  values: Parameters<typeof updateJob>[2] & { state: 'done' | 'failed' },
): Promise<void> {
  await db.transaction(async (tx) => {
    await updateJob(tx, id, values);
    const [row] = await tx.select(jobColumns).from(imageJobs).where(eq(imageJobs.id, id));
    const job = toImageJob(row!);
    await enqueueWebhookEvents(tx, [
      {
        type: 'image-job.completed',
        family: job.family,
        key: null,
        data: {
          id,
          family: job.family,
          failed: job.state === 'failed',
          error: job.error,
          done: job.done,
          total: job.total,
          changed: job.changed,
        },
      },
    ]);
  });
}
