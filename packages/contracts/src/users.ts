import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { ADMIN_ACCESS, crudSchemas, defineResource } from './resources';
import { AccountSchema, RoleSchema } from './auth';
import { IdSchema, PagingQuerySchema, requiredText } from './common';
import { SearchQuerySchema } from './refs';

const PASSWORD_MIN_LENGTH = 8;

const password = z
  .string({ error: 'This field is required' })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'must be at most 200 characters');

/** The families an editor manages, or a catalogue user is limited to (empty: every family). */
const FamilyIdsSchema = z
  .array(IdSchema)
  .max(1000)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** POST /api/user: the user form when creating (an admin may also set the role). */
export const UserCreateBodySchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  username: requiredText(100),
  // Empty is missing, not short: the form says "This field is required".
  password: z.preprocess((v) => (v === '' ? undefined : v), password),
  role: RoleSchema.default('user'),
  families: FamilyIdsSchema.default([]),
});

/**
 * PUT /api/user/:id: names, username and role; a new password only when one is given (an admin
 * resetting it). A role left out stays as it is.
 */
export const UserUpdateBodySchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  username: requiredText(100),
  role: RoleSchema.optional(),
  /** Left out: stays as it is. */
  families: FamilyIdsSchema.optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
});

/**
 * A user as the API shows it: never the password or its hash. `guest` marks the guest catalogue
 * account, whose role, username and password cannot be changed and which cannot be deleted.
 * `token` comes only in the answer to PUT /api/user/:id when callers changed their own password:
 * the change signs out every device of the account, and this fresh token keeps the one making it
 * signed in.
 */
const UserSchema = AccountSchema.extend({
  guest: z.boolean(),
  token: z.string().optional().meta({
    description:
      'A fresh session token, only when callers changed their own password (their old tokens stop working)',
  }),
});
export type User = z.infer<typeof UserSchema>;

const UserListQuerySchema = PagingQuerySchema.extend({ search: SearchQuerySchema });

/** The users admin resource: administrators only; one user is read at `/user/profile/:id`. */
export const userResource = defineResource({
  key: 'users',
  screens: { segment: 'users' },
  words: {
    en: { one: 'User', nav: 'Users', list: 'User List', create: 'Create User', edit: 'Edit User' },
    ar: {
      one: 'مستخدم',
      nav: 'المستخدمون',
      list: 'قائمة المستخدمين',
      create: 'إنشاء مستخدم',
      edit: 'تعديل مستخدم',
    },
  },
  name: { one: 'User', many: 'Users' },
  path: API_PATHS.users,
  readPath: API_PATHS.userProfile,
  schemas: crudSchemas(UserSchema, UserCreateBodySchema, UserListQuerySchema, {
    updateBody: UserUpdateBodySchema,
  }),
  access: ADMIN_ACCESS,
  summaries: {
    list: 'Users, ordered by id; search matches username or names',
    read: 'One user',
    create: 'Create a user (catalogue user unless the role says admin)',
    update: 'Update names, username and role; a password only when given',
    delete: 'Delete a user (not yourself, not the last administrator)',
  },
  conflicts: { create: true, update: true, delete: true },
  history: { entity: 'user', revertible: false },
});

/** GET /api/users: a page of users. */
export type UserList = z.infer<typeof userResource.schemas.list>;
