import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { binEntries } from '../../db/schema';
import { binRows } from '../../db/schema';
import type { DetailInput as Detail } from '../../lib/errors';
import { resultRows } from '../../lib/db-helpers';

type Entry = typeof binEntries.$inferSelect;

interface Clash {
  entity: string;
  id: number;
  name: string;
  field: string;
  value: string;
  other: number;
  other_name: string;
}

const FIELD_WORD: Record<string, string> = { nameEn: 'English name', barcode: 'barcode' };

/**
 * The natural keys the entry's rows would take that live records hold now: a family's English name,
 * a category's English name in its family, a product's barcode in its family (at most 20).
 */
async function keyClashes(tx: Tx, entry: number): Promise<Detail[]> {
  const rows = resultRows<Clash>(
    await tx.execute(sql`
      select b.entity, b.entity_id as id, b.row->>'name_en' as name, 'nameEn' as field,
          b.row->>'name_en' as value, f.id as other, f.name_en as other_name
        from ${binRows} b join families f on lower(f.name_en) = lower(b.row->>'name_en')
        where b.entry_id = ${entry} and b.entity = 'family'
      union all
      select b.entity, b.entity_id, b.row->>'name_en', 'nameEn', b.row->>'name_en', c.id, c.name_en
        from ${binRows} b join categories c on c.family_id = (b.row->>'family_id')::int
          and lower(c.name_en) = lower(b.row->>'name_en')
        where b.entry_id = ${entry} and b.entity = 'category'
      union all
      select b.entity, b.entity_id, b.row->>'name_en', 'barcode', b.row->>'barcode', p.id, p.name_en
        from ${binRows} b join products p on p.family_id = (b.row->>'family_id')::int
          and p.barcode = b.row->>'barcode'
        where b.entry_id = ${entry} and b.entity = 'product'
      order by 1, 2 limit 20`),
  );
  return rows.map((c) => ({
    path: `${c.entity} ${c.id}.${c.field}`,
    message:
      `${c.entity} ${c.id} "${c.name}": its ${FIELD_WORD[c.field] ?? c.field} "${c.value}" is now used by ` +
      `${c.entity} ${c.other} "${c.other_name}"`,
  }));
}

const exists = async (tx: Tx, query: ReturnType<typeof sql>) =>
  resultRows(await tx.execute(query)).length > 0;

/**
 * What the deleted record belonged to and must find again: a category's family (and a sub-category's
 * parent, still a top-level category of that family), a product's family and category.
 */
async function missingOwners(tx: Tx, entry: Entry): Promise<Detail[]> {
  const problems: Detail[] = [];
  const at = `${entry.entity} ${entry.entityId}`;
  const gone = (field: string, what: string, id: number) =>
    problems.push({
      path: `${at}.${field}`,
      message: `${at} "${entry.nameEn}": its ${what} (id ${id}) is no longer there; restore it first`,
    });
  if (entry.entity === 'family') return problems;
  const family = entry.familyId;
  if (!(await exists(tx, sql`select 1 from families where id = ${family}`))) {
    gone('family', 'family', family);
    return problems;
  }
  if (entry.entity === 'category' && entry.parentId !== null) {
    const parentOk = await exists(
      tx,
      sql`select 1 from categories where id = ${entry.parentId} and family_id = ${family} and parent_id is null`,
    );
    if (!parentOk) gone('parent', 'parent category', entry.parentId);
  }
  if (entry.entity === 'product') {
    const [row] = resultRows<{ category: number }>(
      await tx.execute(sql`select (row->>'category_id')::int as category from ${binRows}
        where entry_id = ${entry.id} and entity = 'product' and entity_id = ${entry.entityId}`),
    );
    const category = Number(row!.category);
    const ok = await exists(
      tx,
      sql`select 1 from categories where id = ${category} and family_id = ${family}`,
    );
    if (!ok) gone('category', 'category', category);
  }
  return problems;
}

/** Everything that stops the entry from coming back as it was; empty when it can. */
export async function restoreConflicts(tx: Tx, entry: Entry): Promise<Detail[]> {
  return [...(await missingOwners(tx, entry)), ...(await keyClashes(tx, entry.id))];
}
