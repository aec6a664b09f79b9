import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { pgErrorCode } from '../lib/errors';
import { hashPassword, verifyPassword } from '../modules/auth/passwords';
import { findUserByUsername, insertUser } from '../modules/users/users.repository';
import type { Db } from './client';
import { users } from './schema';

export interface CreatedAdmin {
  username: string;
  /** Set only when Dalil generated it: shown once in the log, never stored in clear. */
  generatedPassword: string | null;
}

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
 * First start: creates the admin account when there is no admin, and keeps the guest catalogue account
 * in step with GUEST_USERNAME / GUEST_PASSWORD when guest access is on. Safe to run on every start,
 * and by several processes at once.
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
    if (existing) {
      await db
        .update(users)
        .set({
          role: 'admin',
          passwordHash: await hashPassword(password),
          tokenVersion: existing.tokenVersion + 1,
        })
        .where(eq(users.id, existing.id));
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

  if (config.guest) {
    const guest = await findUserByUsername(db, config.guest.username);
    if (!guest) {
      await insertUnlessTaken(() =>
        insertUser(db, {
          firstName: 'Guest',
          lastName: 'Visitor',
          username: config.guest!.username,
          password: config.guest!.password,
          role: 'user',
        }),
      );
    } else if (guest.role === 'user' && !(await verifyPassword(guest.passwordHash, config.guest.password))) {
      await db
        .update(users)
        .set({
          passwordHash: await hashPassword(config.guest.password),
          tokenVersion: guest.tokenVersion + 1,
        })
        .where(eq(users.id, guest.id));
    }
  }
  return created;
}
