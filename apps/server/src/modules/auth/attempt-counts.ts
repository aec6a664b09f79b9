import { sql, type SQL } from 'drizzle-orm';

// Counts of attempts in fixed windows, kept in `sign_in_failures` so that every server process shares
// them. An attempt is counted in the same statement that reads the count back, before any work is
// done for it: attempts sent at once each get their own number, so at most `limit` of them are let
// through whichever process they reach (checking first and counting later let all of them through).

export interface Count {
  key: string;
  /** Attempts in the key's current window, this one included. */
  n: number;
  /** Seconds until the window ends. */
  resetsIn: number;
}

const windowEnd = sql`sign_in_failures.window_start + sign_in_failures.window_seconds * interval '1 second'`;

/**
 * The upsert that adds one to each key of `rows` (a VALUES list or a SELECT of key, window start,
 * window seconds, 1). A window that has ended starts again at 1. Returns key, n and resets_in.
 */
export const countOnce = (rows: SQL) => sql`insert into sign_in_failures
    (key, window_start, window_seconds, failures) ${rows}
  on conflict (key) do update set
    failures = case when ${windowEnd} <= now() then 1 else sign_in_failures.failures + 1 end,
    window_start = case when ${windowEnd} <= now() then now() else sign_in_failures.window_start end,
    window_seconds = excluded.window_seconds
  returning key, failures as n,
    greatest(1, ceil(extract(epoch from window_start + window_seconds * interval '1 second' - now())))::int
      as resets_in`;

/** One row to count: key and window length, typed so that a SELECT list needs no inference. */
export const countRow = (key: string, windowSeconds: number) =>
  sql`(${key}::text, now(), ${windowSeconds}::int, 1)`;

export const toCounts = (result: unknown): Count[] =>
  (result as { rows: { key: string; n: number; resets_in: number }[] }).rows.map((r) => ({
    key: r.key,
    n: Number(r.n),
    resetsIn: Number(r.resets_in),
  }));

/** Most blocks remembered in process; past it, ended ones are dropped. */
const MAX_REMEMBERED = 10_000;

/**
 * Blocks this process has seen. A block only ends with its window, so until then the process refuses
 * further attempts on that key itself, without asking the database: a flood of refused attempts costs
 * no queries.
 */
export class BlockMemory {
  private readonly until = new Map<string, number>();

  remember(key: string, seconds: number): void {
    if (this.until.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [k, end] of this.until) if (end <= now) this.until.delete(k);
      if (this.until.size >= MAX_REMEMBERED) this.until.clear();
    }
    this.until.set(key, Date.now() + seconds * 1000);
  }

  /** Seconds until every one of the keys is free again; 0 when none is known to be blocked. */
  blocked(...keys: string[]): number {
    const now = Date.now();
    const end = Math.max(0, ...keys.map((k) => this.until.get(k) ?? 0));
    return end > now ? Math.ceil((end - now) / 1000) : 0;
  }
}
