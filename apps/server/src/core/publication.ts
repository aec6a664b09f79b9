import type { Account } from '@dalil/contracts/auth';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { writableFamilies } from './family-scope';

/**
 * Drafts and publish dates (docs/decisions/0055-drafts-and-publish-dates.md). A product or family
 * is published when its status says so, or from its publish date on: a condition every visitor
 * read adds, so a date passing needs no job. Whoever may write a family (administrators, its
 * editors, its API keys) sees its drafts; everyone else sees only what is published, and no product
 * of a draft family.
 */

/** `now` as a timestamp parameter both drivers read the same way. */
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Published at `now`: the row's status and publish date columns (qualified as the query names them). */
const publishedAt = (status: SQL, publishAt: SQL, now: Date): SQL =>
  sql`(${status} = 'published' or (${publishAt} is not null and ${publishAt} <= ${at(now)}))`;

const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** A family row (as `alias`) is published at `now`. */
export const familyPublished = (alias: string, now: Date): SQL =>
  publishedAt(col(alias, 'status'), col(alias, 'publish_at'), now);

/** A product row (as `alias`) is published at `now`, and so is its family. */
export const productPublished = (alias: string, now: Date): SQL =>
  sql`(${publishedAt(col(alias, 'status'), col(alias, 'publish_at'), now)} and exists (
    select 1 from families pf where pf.id = ${col(alias, 'family_id')} and ${familyPublished('pf', now)}))`;

/**
 * What the caller sees of rows with a family id column: everything of the families they may write,
 * and the published rows (`published`) of the others. Undefined: no condition (an administrator).
 */
function visibleTo(caller: Account | null, familyId: SQL, published: SQL): SQL | undefined {
  const writable = writableFamilies(caller);
  if (writable === null) return undefined;
  if (writable.length === 0) return published;
  return sql`(${familyId} in (${sql.join(
    writable.map((id) => sql`${id}`),
    sql`, `,
  )}) or ${published})`;
}

/** Whether the caller sees drafts of this family. */
export const seesDrafts = (caller: Account | null, family: number): boolean => {
  const writable = writableFamilies(caller);
  return writable === null || writable.includes(family);
};

/** Products the caller sees, for queries that name the table `products`. */
export const visibleProducts = (caller: Account | null, now: Date): SQL | undefined =>
  visibleTo(caller, col('products', 'family_id'), productPublished('products', now));

/** Families the caller sees, for queries that name the table `families`. */
export const visibleFamilies = (caller: Account | null, now: Date): SQL | undefined =>
  visibleTo(caller, col('families', 'id'), familyPublished('families', now));

/** The same test on a row already read. */
export const isPublished = (row: { status: string; publishAt: Date | null }, now: Date): boolean =>
  row.status === 'published' || (row.publishAt !== null && row.publishAt.getTime() <= now.getTime());

/**
 * The status a record shows at `now` (reads and webhook bodies): a draft with a publish date is
 * `scheduled` until the date and `published` from it on; the stored status stays draft, so the
 * history and a revert keep what was written.
 */
function shownStatus(
  record: { status: string; publishAt: string | null },
  now: Date,
): 'draft' | 'scheduled' | 'published' {
  if (record.status === 'published') return 'published';
  if (record.publishAt === null) return 'draft';
  return Date.parse(record.publishAt) <= now.getTime() ? 'published' : 'scheduled';
}

/** The record (a product or family as the API shows it) with its shown status at `now`. */
export const withShownStatus = <T extends { status: string; publishAt: string | null }>(
  record: T,
  now: Date,
): T => ({ ...record, status: shownStatus(record, now) });

/** A list's `status` filter: published (at `now`, by status or date) or still a draft. */
export function statusFilter(
  status: 'draft' | 'published',
  column: AnyPgColumn,
  date: AnyPgColumn,
  now: Date,
): SQL {
  const published = publishedAt(sql`${column}`, sql`${date}`, now);
  return status === 'published' ? published : sql`not ${published}`;
}

/** The form's status and publish date as columns: what the body leaves out is left as it is. */
export function publicationColumns(input: {
  status?: 'draft' | 'published' | undefined;
  publishAt?: string | null | undefined;
}): { status?: 'draft' | 'published'; publishAt?: Date | null } {
  return {
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.publishAt === undefined
      ? {}
      : { publishAt: input.publishAt === null ? null : new Date(input.publishAt) }),
  };
}

/** Categories the caller sees, for queries that name the table `categories`: those of published families. */
export const visibleCategories = (caller: Account | null, now: Date): SQL | undefined =>
  visibleTo(
    caller,
    col('categories', 'family_id'),
    sql`exists (select 1 from families pf where pf.id = categories.family_id and ${familyPublished('pf', now)})`,
  );

/** Whether the caller may write the family of category `id` (SQL, for counts read with the row). */
export function seesDraftsOfCategory(caller: Account | null, id: number): SQL {
  const writable = writableFamilies(caller);
  if (writable === null) return sql`true`;
  if (writable.length === 0) return sql`false`;
  return sql`(select c.family_id from categories c where c.id = ${id}) in (${sql.join(
    writable.map((f) => sql`${f}`),
    sql`, `,
  )})`;
}

/** Whether a family is published at `now` (a missing one is not). */
export async function familyPublishedNow(db: Executor, family: number, now: Date): Promise<boolean> {
  const result: unknown = await db.execute(
    sql`select f.id from families f where f.id = ${family} and ${familyPublished('f', now)}`,
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}

const PUBLISH_DATES = (now: Date, op: SQL) => sql`(
  select publish_at from products where status = 'draft' and publish_at ${op} ${at(now)}
  union all
  select publish_at from families where status = 'draft' and publish_at ${op} ${at(now)})`;

/**
 * When drafts become published by their dates, for the caches of visitor answers (search pages,
 * the sitemap, page heads), which otherwise expire only on catalogue writes: `passed` is the latest
 * publish date already reached (milliseconds, 0 for none), so a cache key or ETag that includes it
 * changes the moment a date passes. Read again after a catalogue write (a new `version`) or once the
 * next known date has come; otherwise it costs nothing.
 */
export class PublishSchedule {
  private known: { version: number; passed: number; next: number } | null = null;

  constructor(private readonly db: Executor) {}

  async passed(now: Date, version: number): Promise<number> {
    const known = this.known;
    if (known && known.version === version && now.getTime() < known.next) return known.passed;
    const result: unknown = await this.db.execute(sql`select
      (select floor(extract(epoch from max(publish_at)) * 1000)::float8 from ${PUBLISH_DATES(now, sql`<=`)} d) as passed,
      (select floor(extract(epoch from min(publish_at)) * 1000)::float8 from ${PUBLISH_DATES(now, sql`>`)} d) as next`);
    const [row] = (result as { rows: { passed: number | null; next: number | null }[] }).rows;
    const next = row?.next === null || row?.next === undefined ? Infinity : Number(row.next);
    this.known = { version, passed: Number(row?.passed ?? 0), next };
    return this.known.passed;
  }
}
