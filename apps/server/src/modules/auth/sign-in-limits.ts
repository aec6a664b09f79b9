import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';

// Failed sign-ins are counted three ways, in the database so that every server process shares them
// (docs/decisions/0019-sign-in-limits.md):
// - per address and username: a few guesses at one account from one place;
// - per address across usernames: one password tried against many accounts (spraying);
// - per username across addresses: answered with a growing delay, never a lock-out, so a flood from
//   one place cannot keep the real person out from another.
// Only failures count; a refused attempt (429) is not a failure and verifies nothing.

const MINUTE = 60;
const USERNAME_WINDOW = 15 * MINUTE;
/** Failures of one username (any address) before its sign-ins slow down. */
const DELAY_AFTER = 10;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2000;

export interface SignInLimitSettings {
  perAddressAndUsername: number;
  perAddress: number;
}

export interface SignInCheck {
  /** Seconds until the attempt may be made again; 0 when it may be made now. */
  retryAfter: number;
  /** How long to hold the attempt before verifying it. */
  delayMs: number;
}

const normalize = (username: string) => username.trim().toLowerCase().slice(0, 100);

function keysOf(address: string, username: string) {
  const name = normalize(username);
  return { pair: `au:${address}|${name}`, address: `a:${address}`, username: `u:${name}` };
}

/** 0 up to DELAY_AFTER failures, then 250 ms doubling up to 2 s. */
export function usernameDelayMs(failures: number): number {
  if (failures < DELAY_AFTER) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - DELAY_AFTER), MAX_DELAY_MS);
}

const windowEnd = sql`${signInFailures.windowStart} + ${signInFailures.windowSeconds} * interval '1 second'`;

/** Most blocks remembered in process; past it, ended ones are dropped. */
const MAX_REMEMBERED = 10_000;

export function createSignInLimits(db: Db, settings: SignInLimitSettings) {
  // A block only ends with its window (refused attempts add nothing and verify nothing), so a process
  // that has seen one refuses the next attempts itself until then, without asking the database: a
  // flood of refused attempts costs no queries.
  const blockedUntil = new Map<string, number>();
  const remember = (key: string, seconds: number) => {
    if (blockedUntil.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [k, until] of blockedUntil) if (until <= now) blockedUntil.delete(k);
      if (blockedUntil.size >= MAX_REMEMBERED) blockedUntil.clear();
    }
    blockedUntil.set(key, Date.now() + seconds * 1000);
  };
  const remembered = (...keys: string[]) => {
    const now = Date.now();
    const until = Math.max(0, ...keys.map((k) => blockedUntil.get(k) ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  };

  // Failed sign-ins per address seen by this process in the current minute: how suspicious an
  // address is when sign-ins queue (verification-queue.ts). Cleared with the minute.
  let seen = new Map<string, number>();
  let seenSince = Date.now();
  const seenNow = () => {
    if (Date.now() - seenSince >= MINUTE * 1000) {
      seen = new Map();
      seenSince = Date.now();
    }
    return seen;
  };

  return {
    /** Failed sign-ins from this address seen by this process in the current minute. */
    suspicion(address: string): number {
      return seenNow().get(address) ?? 0;
    },

    /** Seconds this process already knows the attempt must wait; 0 when the database must say. */
    known(address: string, username: string): number {
      const keys = keysOf(address, username);
      return remembered(keys.pair, keys.address);
    },

    /** One query: whether this address may try this username now, and how long to hold it. */
    async check(address: string, username: string): Promise<SignInCheck> {
      const keys = keysOf(address, username);
      const known = remembered(keys.pair, keys.address);
      if (known > 0) return { retryAfter: known, delayMs: 0 };
      const rows = await db
        .select({
          key: signInFailures.key,
          failures: signInFailures.failures,
          resetsIn: sql<number>`greatest(1, ceil(extract(epoch from ${windowEnd} - now())))::int`,
        })
        .from(signInFailures)
        .where(
          sql`${signInFailures.key} in (${keys.pair}, ${keys.address}, ${keys.username}) and ${windowEnd} > now()`,
        );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const pair = byKey.get(keys.pair);
      const fromAddress = byKey.get(keys.address);
      let retryAfter = 0;
      if (pair && pair.failures >= settings.perAddressAndUsername) {
        retryAfter = pair.resetsIn;
        remember(keys.pair, pair.resetsIn);
      }
      if (fromAddress && fromAddress.failures >= settings.perAddress) {
        retryAfter = Math.max(retryAfter, fromAddress.resetsIn);
        remember(keys.address, fromAddress.resetsIn);
      }
      return { retryAfter, delayMs: usernameDelayMs(byKey.get(keys.username)?.failures ?? 0) };
    },

    /** Counts one failed attempt under the three keys; a window that has ended starts again at 1. */
    async recordFailure(address: string, username: string): Promise<void> {
      const counts = seenNow();
      if (counts.size < MAX_REMEMBERED || counts.has(address))
        counts.set(address, (counts.get(address) ?? 0) + 1);
      const keys = keysOf(address, username);
      const row = (key: string, windowSeconds: number) => ({
        key,
        windowStart: sql`now()`,
        windowSeconds,
        failures: 1,
      });
      const ended = sql`${windowEnd} <= now()`;
      await db
        .insert(signInFailures)
        .values([row(keys.pair, MINUTE), row(keys.address, MINUTE), row(keys.username, USERNAME_WINDOW)])
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            failures: sql`case when ${ended} then 1 else ${signInFailures.failures} + 1 end`,
            windowStart: sql`case when ${ended} then now() else ${signInFailures.windowStart} end`,
            windowSeconds: sql`excluded.window_seconds`,
          },
        });
    },

    /** The right password from this address: its guesses at this account are forgotten. */
    async clear(address: string, username: string): Promise<void> {
      await db.delete(signInFailures).where(inArray(signInFailures.key, [keysOf(address, username).pair]));
    },
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;

/** Windows that ended more than an hour ago count for nothing: their rows go. */
export async function forgetOldFailures(db: Db): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.windowStart, sql`now() - interval '1 hour'`));
}
