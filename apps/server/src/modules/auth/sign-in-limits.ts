import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { BlockMemory, countOnce, countRow, toCounts } from './attempt-counts';

// Failed sign-ins are counted three ways, in the database so that every server process shares them
// (docs/decisions/0019-sign-in-limits.md):
// - per address and username: a few guesses at one account from one place;
// - per address across usernames: one password tried against many accounts (spraying);
// - per username across addresses: answered with a growing delay, never a lock-out, so a flood from
//   one place cannot keep the real person out from another.
// Every attempt is counted before its password is checked, in the statement that decides whether it
// may go on, and taken back when it proves right; a refused attempt (429) verifies nothing.

const MINUTE = 60;
const USERNAME_WINDOW = 15 * MINUTE;
/** Failures of one username (any address) before its sign-ins slow down. */
const DELAY_AFTER = 10;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2000;
/** Addresses whose recent failures this process keeps in mind. */
const MAX_REMEMBERED = 10_000;

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
function usernameDelayMs(failures: number): number {
  if (failures < DELAY_AFTER) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - DELAY_AFTER), MAX_DELAY_MS);
}

export function createSignInLimits(db: Db, settings: SignInLimitSettings) {
  const blocks = new BlockMemory();

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
      return blocks.blocked(keys.pair, keys.address);
    },

    /**
     * Counts the attempt, as a failure until it proves otherwise, and says in the same statement
     * whether it may go on: one query. Attempts sent at once each get their own number, so no more
     * than the limit are ever verified. An attempt refused here counts toward the address and
     * address + username windows (which end when they end regardless) but not toward the username's
     * delay, so a blocked flood does not slow the real person down elsewhere.
     */
    async attempt(address: string, username: string): Promise<SignInCheck> {
      const keys = keysOf(address, username);
      const known = blocks.blocked(keys.pair, keys.address);
      if (known > 0) return { retryAfter: known, delayMs: 0 };
      const counts = toCounts(
        await db.execute(sql`with counted as (
            ${countOnce(sql`values ${countRow(keys.pair, MINUTE)}, ${countRow(keys.address, MINUTE)}`)}
          ), allowed as (
            select coalesce(bool_and(case key when ${keys.pair} then n <= ${settings.perAddressAndUsername}
              else n <= ${settings.perAddress} end), true) as ok from counted
          ), by_username as (
            ${countOnce(sql`select * from (values ${countRow(keys.username, USERNAME_WINDOW)}) as v
              where (select ok from allowed)`)}
          )
          select key, n, resets_in from counted union all select key, n, resets_in from by_username`),
      );
      const byKey = new Map(counts.map((c) => [c.key, c]));
      const pair = byKey.get(keys.pair);
      const fromAddress = byKey.get(keys.address);
      let retryAfter = 0;
      if (pair && pair.n > settings.perAddressAndUsername) {
        retryAfter = pair.resetsIn;
        blocks.remember(keys.pair, pair.resetsIn);
      }
      if (fromAddress && fromAddress.n > settings.perAddress) {
        retryAfter = Math.max(retryAfter, fromAddress.resetsIn);
        blocks.remember(keys.address, fromAddress.resetsIn);
      }
      const failuresBefore = (byKey.get(keys.username)?.n ?? 1) - 1;
      return { retryAfter, delayMs: retryAfter > 0 ? 0 : usernameDelayMs(failuresBefore) };
    },

    /** The password was wrong: already counted; this process now trusts the address a little less. */
    noteFailure(address: string): void {
      const counts = seenNow();
      if (counts.size < MAX_REMEMBERED || counts.has(address))
        counts.set(address, (counts.get(address) ?? 0) + 1);
    },

    /** The attempt was turned away before its password was checked: it was no failure. */
    async withdraw(address: string, username: string): Promise<void> {
      const keys = keysOf(address, username);
      await db.execute(sql`update sign_in_failures set failures = greatest(failures - 1, 0)
        where key in (${keys.pair}, ${keys.address}, ${keys.username})`);
    },

    /**
     * The right password from this address: its guesses at this account are forgotten, and the
     * attempt no longer counts against the address or the username.
     */
    async succeeded(address: string, username: string): Promise<void> {
      const keys = keysOf(address, username);
      await db.execute(sql`with forgotten as (delete from sign_in_failures where key = ${keys.pair})
        update sign_in_failures set failures = greatest(failures - 1, 0)
        where key in (${keys.address}, ${keys.username})`);
    },
  };
}

/** Windows that ended more than an hour ago count for nothing: their rows go. */
export async function forgetOldFailures(db: Db): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.windowStart, sql`now() - interval '1 hour'`));
}
