import type { Account } from '@dalil/contracts/auth';
import type { ImageSlot } from '@dalil/contracts/image-upload';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { imageJobChanges, imageJobs, products } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { publishChanges, type RecordChanged } from '../../core/domain-events';
import { toProduct } from '../products/products.service';

export interface SlotWrite {
  product: number;
  slot: ImageSlot;
  name: string;
}

type ProductRow = typeof products.$inferSelect;

async function lockProducts(tx: Tx, ids: number[]): Promise<Map<number, ProductRow>> {
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sets one slot of several products, one statement per slot. */
async function setSlots(tx: Tx, writes: { product: number; slot: ImageSlot; name: string | null }[]) {
  for (const slot of ['image', 'logo'] as const) {
    const rows = writes.filter((w) => w.slot === slot);
    if (rows.length === 0) continue;
    const values = sql.join(
      rows.map((w) => sql`(${w.product}::integer, ${w.name}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update products set ${sql.identifier(slot)} = v.name, updated_at = now()
      from (values ${values}) as v(id, name) where products.id = v.id`);
  }
}

/**
 * One history entry per product, with each slot it changed; `before` and `after` are the whole product
 * (what its webhook event carries), the entry's changes only the slots.
 */
function productEntries(
  action: 'update' | 'undo',
  rows: Map<number, ProductRow>,
  changes: { product: number; slot: ImageSlot; before: string | null; after: string | null }[],
): RecordChanged[] {
  const byProduct = new Map<number, RecordChanged>();
  for (const c of changes) {
    const row = rows.get(c.product)!;
    const entry: RecordChanged = byProduct.get(c.product) ?? {
      entity: 'product',
      action,
      entityId: c.product,
      family: row.familyId,
      before: toProduct(row),
      after: toProduct(row),
      changes: {},
    };
    entry.changes![c.slot] = { before: c.before, after: c.after };
    entry.after = { ...entry.after, [c.slot]: c.after };
    byProduct.set(c.product, entry);
  }
  return [...byProduct.values()];
}

/**
 * Saves a batch of an image job's new images in the caller's transaction and records what each
 * changed: the job's own list (image_job_changes, which its undo puts back) keeps each slot's value
 * from before the job, and each product's history gets an entry with the slot before and after.
 * A product deleted meanwhile is skipped; a slot that already names the image is no change.
 */
export async function saveImageSlots(
  tx: Tx,
  job: { id: number; actor: Account | null },
  writes: SlotWrite[],
): Promise<void> {
  const rows = await lockProducts(
    tx,
    writes.map((w) => w.product),
  );
  const changes = writes
    .filter((w) => rows.has(w.product) && rows.get(w.product)![w.slot] !== w.name)
    .map((w) => ({ product: w.product, slot: w.slot, before: rows.get(w.product)![w.slot], after: w.name }));
  if (changes.length === 0) return;
  await setSlots(
    tx,
    changes.map((c) => ({ product: c.product, slot: c.slot, name: c.after })),
  );
  await tx
    .insert(imageJobChanges)
    .values(
      changes.map((c) => ({
        jobId: job.id,
        productId: c.product,
        slot: c.slot,
        before: c.before,
        after: c.after,
      })),
    )
    // A second file for the same slot in one job: the job's change ends at the last one.
    .onConflictDoUpdate({
      target: [imageJobChanges.jobId, imageJobChanges.productId, imageJobChanges.slot],
      set: { after: sql`excluded.after` },
    });
  await publishChanges(tx, job.actor, productEntries('update', rows, changes));
}

/** How many products each job changed. */
export const changedCount = sql<number>`(select count(distinct ${imageJobChanges.productId})::int
  from ${imageJobChanges} where ${imageJobChanges.jobId} = ${imageJobs.id})`;

/**
 * POST /api/upload/images/:id/undo: puts back every logo and image the job changed, in one
 * transaction, and records it (an entry per product and one for the job). Refused with 409, each
 * product listed, when one of them has had that slot changed or been deleted since: the undo would
 * throw that later change away.
 */
export async function undoImageJob(ctx: DataContext, id: number, caller: Account | null): Promise<void> {
  await ctx.catalogue.write(async (tx) => {
    const [job] = await tx.select().from(imageJobs).where(eq(imageJobs.id, id)).for('update');
    if (!job) throw notFound('Image job');
    if (job.state === 'queued' || job.state === 'running') {
      throw conflict('imageJob.running', {});
    }
    if (job.undoneAt) throw conflict('imageJob.undone', {});
    const changes = await tx.select().from(imageJobChanges).where(eq(imageJobChanges.jobId, id));
    if (changes.length === 0) throw conflict('imageJob.nothing', {});
    const rows = await lockProducts(
      tx,
      changes.map((c) => c.productId),
    );
    const stale = changes.filter((c) => rows.get(c.productId)?.[c.slot as ImageSlot] !== c.after);
    if (stale.length > 0) {
      throw new HttpError(
        409,
        'imageJob.changedSince',
        { count: stale.length },
        {
          details: stale.slice(0, 100).map((c) =>
            rows.has(c.productId)
              ? {
                  path: `product ${c.productId}`,
                  code: 'imageJob.slotChanged' as const,
                  params: { slot: c.slot },
                }
              : { path: `product ${c.productId}`, code: 'record.deletedSince' as const },
          ),
        },
      );
    }
    const back = changes.map((c) => ({
      product: c.productId,
      slot: c.slot as ImageSlot,
      before: c.after,
      after: c.before,
    }));
    await setSlots(
      tx,
      back.map((c) => ({ product: c.product, slot: c.slot, name: c.after })),
    );
    await tx.update(imageJobs).set({ undoneAt: new Date() }).where(eq(imageJobs.id, id));
    const perProduct = productEntries('undo', rows, back);
    await publishChanges(tx, caller, [
      ...perProduct,
      {
        entity: 'imageJob',
        action: 'undo',
        entityId: id,
        family: job.familyKey === 0 ? null : job.familyKey,
        before: null,
        after: null,
        changes: { products: { before: null, after: perProduct.length } },
      },
    ]);
  });
}
