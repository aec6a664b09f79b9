import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { pgErrorCode } from '../lib/database-errors';
import { bumpSessionVersion } from '../lib/session-version';
import type { CreatedAdmin } from '../modules/auth/announce-admin';
import { ensureGuestAccount } from '../modules/auth/guest-account';
import { hashPassword } from '../lib/passwords';
import { findUserByUsername, insertUser } from '../modules/users/users.repository';

/**
 * Several processes may start at once on one PostgreSQL (scale-out): the one that loses the race to
 * create an account gets a unique violation, which means the account is there. False in that case.
 */
async function insertUnlessTaken(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (err) {
    if (pgErrorCode(err) === '23505') return false;
    throw err;
  }
}

/**
 * First start: creates the admin account when there is no admin. Every start: keeps the guest catalogue
 * account in step with GUEST_ACCESS, GUEST_USERNAME and GUEST_PASSWORD (closing it when they no longer
 * publish it). Safe to run on every start, and by several processes at once.
 */
export async function ensureAccounts(db: Db, config: Config): Promise<CreatedAdmin | null> {
  let created: CreatedAdmin | null = null;
  const [{ admins } = { admins: 0 }] = await db
    .select({ admins: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  if (admins === 0) {
    const generated = config.admin.password ? null : randomBytes(12).toString('base64url');
    const password = config.admin.password ?? generated!;
    const existing = await findUserByUsername(db, config.admin.username);
    // Another process starting at the same moment may have created the admin since the count: its
    // account and password stand.
    if (existing?.role === 'admin') return finishAccounts(db, config, null);
    if (existing) {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: 'admin', isGuest: false, passwordHash, tokenVersion: existing.tokenVersion + 1 })
          .where(eq(users.id, existing.id));
        // Processes already running drop the account's old tokens within the revocation delay.
        await bumpSessionVersion(tx);
      });
      created = { username: config.admin.username, generatedPassword: generated };
    } else {
      const inserted = await insertUnlessTaken(() =>
        insertUser(db, {
          firstName: 'Dalil',
          lastName: 'Admin',
          username: config.admin.username,
          password,
          role: 'admin',
        }),
      );
      // Only the process that created the account shows its generated password.
      if (inserted) created = { username: config.admin.username, generatedPassword: generated };
    }
  }

  return finishAccounts(db, config, created);
}

async function finishAccounts(db: Db, config: Config, created: CreatedAdmin | null) {
  await ensureGuestAccount(db, config.guest, insertUnlessTaken);
  return created;
}
