import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { synonymKey, synonymResource, type Synonym } from '@dalil/contracts/synonyms';
import { resourceModule } from '../../core/app-module';
import { wordsName } from '../../core/record-names';
import { revertColumns } from '../../core/revert-target';
import type { Tx } from '../../db/client';
import { families, synonymGroups } from '../../db/schema';
import * as crud from '../../core/crud-service';
import { containsPattern } from '../../lib/db-helpers';
import { fieldError, notFound } from '../../lib/errors';
import { canWrite, familyFilter, requireWritable } from '../../core/family-scope';
import { publishChange } from '../../core/domain-events';
import { lockForWrite } from '../../core/record-version';
import type { Account } from '@dalil/contracts/auth';

const toSynonym = (row: typeof synonymGroups.$inferSelect): Synonym => ({
  id: row.id,
  family: row.familyId,
  words: row.words,
});

/**
 * Locks the family's row for the rest of the transaction (400 naming `family` when there is none):
 * a family's synonym writes take turns, so the check that a word is in no other group holds. Product
 * writes only share-lock the family's key, so they are not held up.
 */
export async function lockFamily(
  tx: Tx,
  id: number,
  field = 'family',
  caller: Account | null = null,
): Promise<void> {
  if (caller && !canWrite(caller, id)) throw fieldError(400, field, 'family.unknown', {});
  const [found] = await tx
    .select({ id: families.id })
    .from(families)
    .where(eq(families.id, id))
    .for('no key update');
  if (!found) throw fieldError(400, field, 'family.unknown', {});
}

/**
 * The family's words already in a group (other than `except`), by their search form, with the group
 * holding each: a word means one thing in a family, so it belongs to one group.
 */
export async function takenWords(tx: Tx, family: number, except?: number): Promise<Map<string, string>> {
  const rows = await tx
    .select({ words: synonymGroups.words })
    .from(synonymGroups)
    .where(
      except === undefined
        ? eq(synonymGroups.familyId, family)
        : and(eq(synonymGroups.familyId, family), ne(synonymGroups.id, except)),
    );
  const taken = new Map<string, string>();
  for (const { words } of rows) for (const w of words) taken.set(synonymKey(w), w);
  return taken;
}

/** The first word of `words` another group of the family holds, or undefined. */
export function clash(words: string[], taken: Map<string, string>): string | undefined {
  return words.find((w) => taken.has(synonymKey(w)));
}

async function assertFree(tx: Tx, family: number, words: string[], except?: number) {
  const word = clash(words, await takenWords(tx, family, except));
  if (word !== undefined) throw fieldError(409, 'words', 'synonym.wordTaken', { word });
}

type SynonymInput = { family: number; words: string[] };

const HISTORY = { entity: 'synonym' } as const;

async function createSynonym(tx: Tx, input: SynonymInput, caller: Account | null): Promise<Synonym> {
  await lockFamily(tx, input.family, 'family', caller);
  await assertFree(tx, input.family, input.words);
  const [row] = await tx
    .insert(synonymGroups)
    .values({ familyId: input.family, words: input.words })
    .returning();
  const after = toSynonym(row!);
  await publishChange(tx, caller, {
    ...HISTORY,
    action: 'create',
    entityId: after.id,
    family: after.family,
    before: null,
    after,
  });
  return after;
}

async function updateSynonym(
  tx: Tx,
  id: number,
  input: SynonymInput,
  caller: Account | null,
  action: 'update' | 'revert' = 'update',
): Promise<Synonym> {
  const current = await lockForWrite(tx, synonymGroups, id);
  if (!current) throw notFound('Synonym group');
  requireWritable(caller, current.familyId, 'Synonym group');
  await lockFamily(tx, input.family, 'family', caller);
  await assertFree(tx, input.family, input.words, id);
  const [row] = await tx
    .update(synonymGroups)
    .set({ familyId: input.family, words: input.words, updatedAt: new Date() })
    .where(eq(synonymGroups.id, id))
    .returning();
  if (!row) throw notFound('Synonym group');
  const after = toSynonym(row);
  await publishChange(tx, caller, {
    ...HISTORY,
    action,
    entityId: id,
    family: after.family,
    before: toSynonym(current),
    after,
  });
  return after;
}

/**
 * Synonym groups. Every write goes through the catalogue write path, so the search cache and the
 * family vocabularies expire and a new group works at the next search.
 */
const synonymService: crud.CrudService<typeof synonymResource.schemas> = {
  list: ({ db }, query, caller) => {
    const filters: (SQL | undefined)[] = [
      familyFilter(caller, synonymGroups.familyId),
      query.family === undefined ? undefined : eq(synonymGroups.familyId, query.family),
      query.search === undefined
        ? undefined
        : sql`array_to_string(${synonymGroups.words}, ' ') ilike ${containsPattern(query.search)}`,
    ];
    return crud.listPage(db, synonymGroups, and(...filters), query, toSynonym);
  },
  read: async ({ db }, id, caller) => {
    const { row } = await crud.readById(db, synonymGroups, id, 'Synonym group');
    requireWritable(caller, row.familyId, 'Synonym group');
    return toSynonym(row);
  },
  create: (ctx, input, caller) => ctx.catalogue.write((tx) => createSynonym(tx, input, caller)),
  update: (ctx, id, input, caller) => ctx.catalogue.write((tx) => updateSynonym(tx, id, input, caller)),
  remove: (ctx, id, caller) =>
    ctx.catalogue.write((tx) =>
      crud.deleteRecorded(tx, caller, id, {
        table: synonymGroups,
        what: 'Synonym group',
        entity: 'synonym',
        family: (row) => row.familyId,
        snapshot: toSynonym,
      }),
    ),
};

/** The synonym groups' routes and what a revert of a group's history entry needs. */
export const synonymModule = resourceModule(synonymResource, {
  service: synonymService,
  names: { table: synonymGroups, name: (row) => wordsName(row.words) },
  keptWithFamily: synonymGroups.familyId,
  revert: {
    table: synonymGroups,
    what: 'Synonym group',
    snapshot: toSynonym,
    family: (row) => row.familyId!,
    columns: revertColumns(synonymGroups, synonymResource),
    conflicts: {},
    update: updateSynonym,
    remove: (ctx, id, caller) => synonymService.remove(ctx, id, caller),
  },
});
