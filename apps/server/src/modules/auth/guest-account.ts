import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { bumpSessionVersion } from '../../lib/session-version';
import { findUserByUsername, insertUser, type UserRow } from '../users/users.repository';
import { CLOSED_PASSWORD, hashPassword, verifyPassword } from '../../lib/passwords';

// The guest account's credentials are published by GET /api/config while guest access is on, so the
// account is marked (is_guest) rather than recognised by its name, can never be an admin, and is closed
// as soon as its credentials stop being the published ones (docs/reliability.md).

export class GuestAccountError extends Error {}

/** The guest account with this username, if it is one. */
export async function findGuest(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.isGuest, true), sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  return row;
}

/**
 * No password opens it any more, and every token it had stops working (in other running processes
 * within the revocation delay: the session version moves on).
 */
async function close(db: Db, guest: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: CLOSED_PASSWORD, tokenVersion: guest.tokenVersion + 1, updatedAt: new Date() })
      .where(eq(users.id, guest.id));
    await bumpSessionVersion(tx);
  });
}

/**
 * Run at every start. Guest access off: every guest account is closed. On: the account named
 * GUEST_USERNAME is the guest (created, or marked, with GUEST_PASSWORD); a guest account under another
 * name (GUEST_USERNAME changed) is closed and loses the mark. An administrator's username is refused.
 */
export async function ensureGuestAccount(
  db: Db,
  guestConfig: Config['guest'],
  insertUnlessTaken: (insert: () => Promise<unknown>) => Promise<boolean>,
): Promise<void> {
  const guests = await db.select().from(users).where(eq(users.isGuest, true));
  const wanted = guestConfig?.username.toLowerCase();
  for (const guest of guests) {
    if (guest.username.toLowerCase() === wanted) continue;
    if (guest.passwordHash !== CLOSED_PASSWORD) await close(db, guest);
    if (guestConfig) await db.update(users).set({ isGuest: false }).where(eq(users.id, guest.id));
  }
  if (!guestConfig) return;

  const existing = await findUserByUsername(db, guestConfig.username);
  if (!existing) {
    await insertUnlessTaken(() =>
      insertUser(db, {
        firstName: 'Guest',
        lastName: 'Visitor',
        username: guestConfig.username,
        password: guestConfig.password,
        role: 'user',
        isGuest: true,
      }),
    );
    return;
  }
  if (existing.role !== 'user') {
    throw new GuestAccountError(
      `GUEST_USERNAME "${guestConfig.username}" is an administrator's username: its password would be published to every visitor. Choose another GUEST_USERNAME, or set GUEST_ACCESS=false.`,
    );
  }
  const passwordMatches = await verifyPassword(existing.passwordHash, guestConfig.password);
  if (passwordMatches && existing.isGuest) return;
  const passwordHash = passwordMatches ? null : await hashPassword(guestConfig.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        isGuest: true,
        ...(passwordHash ? { passwordHash, tokenVersion: existing.tokenVersion + 1 } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    await bumpSessionVersion(tx);
  });
}
