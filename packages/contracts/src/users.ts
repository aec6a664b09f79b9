import { z } from 'zod';
import { AccountSchema, RoleSchema } from './auth';
import { listOf, PagingQuerySchema, requiredText } from './common';
import { SearchQuerySchema } from './refs';

export const PASSWORD_MIN_LENGTH = 8;

const password = z
  .string({ error: 'This field is required' })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'must be at most 200 characters');

/** POST /api/user: the user form when creating (spec section 2, "Create User"; improvement 7). */
export const UserCreateBodySchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  username: requiredText(100),
  password,
  role: RoleSchema.default('user'),
});
export type UserCreateBody = z.input<typeof UserCreateBodySchema>;

/**
 * PUT /api/user/:id: names, username and role; a new password only when one is given (an admin
 * resetting it). A role left out stays as it is.
 */
export const UserUpdateBodySchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  username: requiredText(100),
  role: RoleSchema.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
});
export type UserUpdateBody = z.input<typeof UserUpdateBodySchema>;

/** A user as the API shows it: never the password or its hash. */
export const UserSchema = AccountSchema;
export type User = z.infer<typeof UserSchema>;

export const UserListQuerySchema = PagingQuerySchema.extend({ search: SearchQuerySchema });
export const UserListSchema = listOf(UserSchema);
export type UserList = z.infer<typeof UserListSchema>;
