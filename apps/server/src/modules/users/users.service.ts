import { count, eq, ilike, or } from 'drizzle-orm';
import type { Account } from '@dalil/contracts/auth';
import type { UserCreateBodySchema, UserList, UserUpdateBodySchema } from '@dalil/contracts/users';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { containsPattern, violatedUnique } from '../../lib/db-helpers';
import { conflict, notFound } from '../../lib/errors';
import { fieldError } from '../../lib/field-error';
import { hashPassword } from '../auth/passwords';
import { findUserById, insertUser, toAccount } from './users.repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type UserCreateInput = z.output<typeof UserCreateBodySchema>;
export type UserUpdateInput = z.output<typeof UserUpdateBodySchema>;

export async function listUsers(
  db: Db,
  query: { limit: number; skip: number; search?: string | undefined },
): Promise<UserList> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = pattern
    ? or(ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(users.id)
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { data: rows.map(toAccount), count: total?.n ?? 0 };
}

export async function getUser(db: Db, id: number): Promise<Account> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User');
  return toAccount(user);
}

function usernameTaken(err: unknown): never {
  if (violatedUnique(err) === 'users_username_key') {
    throw fieldError(409, 'username', 'Username is already taken');
  }
  throw err;
}

export async function createUser(db: Db, input: UserCreateInput): Promise<Account> {
  try {
    return toAccount(await insertUser(db, input));
  } catch (err) {
    usernameTaken(err);
  }
}

/**
 * Nobody can remove the last admin (DESIGN.md improvement 7). The admin rows are locked first, so two
 * admins demoting each other at once cannot both succeed.
 */
async function ensureAnotherAdmin(tx: Tx, what: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length <= 1) throw conflict(`The last administrator cannot be ${what}`);
}

/** A new password or role bumps the token version: the user's old tokens stop working at once. */
export async function updateUser(db: Db, id: number, input: UserUpdateInput): Promise<Account> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) throw notFound('User');
      const role = input.role ?? current.role;
      if (current.role === 'admin' && role !== 'admin') await ensureAnotherAdmin(tx, 'made a catalogue user');
      const revoke = passwordHash !== undefined || role !== current.role;
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          role,
          ...(passwordHash ? { passwordHash } : {}),
          tokenVersion: revoke ? current.tokenVersion + 1 : current.tokenVersion,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      return toAccount(row!);
    });
  } catch (err) {
    usernameTaken(err);
  }
}

/** Deleting the row revokes the user's tokens: the access guard finds no account for them. */
export async function deleteUser(db: Db, id: number, actorId: number): Promise<void> {
  if (id === actorId) throw conflict('You cannot delete your own account');
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw notFound('User');
    if (current.role === 'admin') await ensureAnotherAdmin(tx, 'deleted');
    await tx.delete(users).where(eq(users.id, id));
  });
}
