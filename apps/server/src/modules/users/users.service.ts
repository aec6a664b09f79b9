import { eq } from 'drizzle-orm';
import type { Account } from '@dalil/contracts/auth';
import { userResource, type User } from '@dalil/contracts/users';
import { resourceModule } from '../../core/app-module';
import { sameName } from '../../core/record-names';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { DataContext } from '../../core/context';
import type { Tokens } from '../../lib/tokens';
import * as crud from '../../core/crud-service';
import { containsAny } from '../../lib/db-helpers';
import { conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { findUserById, insertUser, toUser, type UserRow } from './users.repository';
import { families as familiesTable } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { publishChange } from '../../core/domain-events';
import { lockForWrite } from '../../core/record-version';
import { inArray } from 'drizzle-orm';

const HISTORY = { entity: 'user', family: null } as const;

/** Every family an account is given must exist. */
export async function requireFamilies(tx: Tx, ids: readonly number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await tx
    .select({ id: familiesTable.id })
    .from(familiesTable)
    .where(inArray(familiesTable.id, [...ids]));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) throw fieldError(400, 'families', 'family.unknownIds', { ids: missing.join(', ') });
}

type UserUpdateInput = z.output<typeof userResource.schemas.updateBody>;

async function getUser({ db }: DataContext, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User');
  return toUser(user);
}

const CONFLICTS = { users_username_key: { field: 'username', message: 'Username is already taken' } };

/**
 * Nobody can remove the last administrator. The admin rows are locked first, so two admins demoting
 * each other at once cannot both succeed.
 */
async function ensureAnotherAdmin(tx: Tx, what: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length <= 1) throw conflict('user.lastAdmin', { change: what });
}

/**
 * The guest account's username and password are published to every visitor (GET /api/config) and its
 * sign-in is every visitor's: it keeps its role, name and password, set only by the GUEST_* settings.
 */
function refuseGuestChange(current: UserRow, input: UserUpdateInput, role: string) {
  if (!current.isGuest) return;
  if (role !== current.role) {
    throw conflict('guest.role', {});
  }
  if (input.username !== current.username) {
    throw conflict('guest.rename', {});
  }
  if (input.password) {
    throw conflict('guest.password', {});
  }
}

/**
 * A new password or role bumps the token version: the user's old tokens stop working at once. Written
 * through the session write path, so cached sessions (which carry the names) expire too. Callers who
 * change their own password are given a fresh token with the answer: every other device of theirs is
 * signed out, the one they made the change on stays signed in.
 */
async function updateUser(
  { sessions }: DataContext,
  tokens: Tokens,
  id: number,
  input: UserUpdateInput,
  caller: Account | null,
): Promise<User> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { after, row } = await crud.withUniqueConflicts(CONFLICTS, () =>
    sessions.write(async (tx) => {
      const current = await lockForWrite(tx, users, id);
      if (!current) throw notFound('User');
      const role = input.role ?? current.role;
      refuseGuestChange(current, input, role);
      if (current.role === 'admin' && role !== 'admin') await ensureAnotherAdmin(tx, 'given another role');
      await requireFamilies(tx, input.families);
      const revoke = passwordHash !== undefined || role !== current.role;
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          role,
          ...(input.families ? { families: input.families } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          tokenVersion: revoke ? current.tokenVersion + 1 : current.tokenVersion,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      const after = toUser(row!);
      // A new password shows as changed, never as a value.
      await publishChange(tx, caller, {
        ...HISTORY,
        action: 'update',
        entityId: id,
        before: toUser(current),
        after: passwordHash ? { ...after, password: '(new)' } : after,
      });
      return { after, row: row! };
    }),
  );
  if (!passwordHash || caller?.id !== id) return after;
  return {
    ...after,
    token: await tokens.sign({ userId: id, role: row.role, tokenVersion: row.tokenVersion }),
  };
}

/** Deleting the row revokes the user's tokens: the access guard finds no account for them. */
async function deleteUser({ sessions }: DataContext, id: number, caller: Account | null): Promise<void> {
  if (id === caller?.id) throw conflict('user.notYourself', {});
  await sessions.write((tx) =>
    crud.deleteRecorded(tx, caller, id, {
      table: users,
      what: 'User',
      entity: 'user',
      family: () => null,
      snapshot: toUser,
      check: async (tx, current) => {
        if (current.isGuest) {
          throw conflict('guest.delete', {});
        }
        if (current.role === 'admin') await ensureAnotherAdmin(tx, 'deleted');
      },
    }),
  );
}

/**
 * User management: nobody deletes their own account or removes the last administrator. `tokens` signs
 * the fresh token of callers who change their own password.
 */
const createUserService = (tokens: Tokens): crud.CrudService<typeof userResource.schemas> => ({
  list: ({ db }, query) =>
    crud.listPage(
      db,
      users,
      containsAny(query.search, users.username, users.firstName, users.lastName),
      query,
      toUser,
    ),
  read: getUser,
  create: ({ db }, input, caller) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      db.transaction(async (tx) => {
        await requireFamilies(tx, input.families);
        const after = toUser(await insertUser(tx, input));
        await publishChange(tx, caller, {
          ...HISTORY,
          action: 'create',
          entityId: after.id,
          before: null,
          after,
        });
        return after;
      }),
    ),
  update: (ctx, id, input, caller) => updateUser(ctx, tokens, id, input, caller),
  remove: deleteUser,
});

/** The users' routes; the history records users but offers no revert of their entries. */
export const userModule = resourceModule(userResource, {
  service: (app) => createUserService(app.ctx.tokens),
  names: { table: users, name: (row) => sameName(row.username) },
});
