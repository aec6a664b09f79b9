import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BlockMemory, countOnce, countRow, toCounts } from './attempt-counts';

const MINUTE = 60;

/**
 * A limit on something one address may do a number of times a minute, shared by every server process
 * (attempt-counts.ts). Used for what costs nothing to ask for but something to grant: a guest sign-in
 * (the credentials are public) and a sign-out (each one is remembered until its token would have
 * expired, and makes every process re-check every session).
 */
export function createAddressLimit(db: Db, prefix: string, perMinute: number) {
  const blocks = new BlockMemory();
  return {
    /** Counts one more from this address: 0 when it may go on, or the seconds until it may. */
    async take(address: string): Promise<number> {
      const key = `${prefix}:${address}`;
      const known = blocks.blocked(key);
      if (known > 0) return known;
      const [count] = toCounts(await db.execute(countOnce(sql`values ${countRow(key, MINUTE)}`)));
      if (!count || count.n <= perMinute) return 0;
      blocks.remember(key, count.resetsIn);
      return count.resetsIn;
    },
  };
}
