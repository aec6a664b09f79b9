import { eq, sql } from 'drizzle-orm';
import type { Account, Role } from '@dalil/contracts/auth';
import type { User } from '@dalil/contracts/users';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

export type UserRow = typeof users.$inferSelect;

export const toAccount = (u: UserRow): Account => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  username: u.username,
  role: u.role,
  families: u.families,
});

/** A user as the admin API shows it: the account and whether it is the guest account. */
export const toUser = (u: UserRow): User => ({ ...toAccount(u), guest: u.isGuest });

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  role: Role;
  families?: number[];
  /** The guest catalogue account (set only by the start-up account check). */
  isGuest?: boolean;
}

export async function insertUser(db: Db | Tx, input: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      username: input.username,
      role: input.role,
      families: input.families ?? [],
      isGuest: input.isGuest ?? false,
      passwordHash,
    })
    .returning();
  return row!;
}
