import type { Activity } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import { and, desc, eq } from 'drizzle-orm';
import { activity, binEntries, categories, families, products } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { changedSince, conflict } from '../../lib/errors';
import { toActivity } from '../../core/history';
import { toProduct } from '../products/products.service';
import { restoreBinEntry } from './bin-restore';

type Entry = typeof activity.$inferSelect;

const TABLES = { family: families, category: categories, product: products } as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function newestAbout(ctx: DataContext, entry: Entry): Promise<Activity> {
  const [latest] = await ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.entity, entry.entity), eq(activity.entityId, entry.entityId!)))
    .orderBy(desc(activity.id))
    .limit(1);
  return toActivity(latest!);
}

/**
 * Reverts a history entry that names a recycle bin entry: the delete itself, or the change of a
 * product its deleted sub-category handed to the parent. Either restores the bin entry whole (the
 * same as a restore from the bin). Once restored, reverting a moved product's entry finds it back as
 * it was and answers the newest entry about it, so every entry of one delete can be taken back; the
 * delete itself is then a 409, as is anything removed from the bin for good.
 */
export async function revertBinned(
  ctx: DataContext,
  entry: Entry,
  caller: Account | null,
): Promise<Activity> {
  const bin = entry.binEntryId!;
  const [held] = await ctx.db.select({ id: binEntries.id }).from(binEntries).where(eq(binEntries.id, bin));
  if (held) {
    const restored = await restoreBinEntry(ctx, bin, caller);
    if (restored.activity !== null) {
      const [recorded] = await ctx.db.select().from(activity).where(eq(activity.id, restored.activity));
      return toActivity(recorded!);
    }
    return newestAbout(ctx, entry);
  }
  const table = TABLES[entry.entity as keyof typeof TABLES];
  const [row] = table ? await ctx.db.select().from(table).where(eq(table.id, entry.entityId!)) : [];
  if (!row) throw conflict('bin.goneForGood', {});
  if (entry.action === 'delete') throw conflict('revert.existsAgain', { what: entry.entity });
  if (entry.action === 'update' && entry.entity === 'product') {
    const current = toProduct(row as typeof products.$inferSelect) as Record<string, unknown>;
    const changes = entry.changes as Activity['changes'];
    const moved = Object.keys(changes).filter((f) => f !== 'id' && !same(current[f], changes[f]!.before));
    if (moved.length > 0) {
      throw changedSince(moved);
    }
  }
  return newestAbout(ctx, entry);
}
