import { z } from 'zod';

export const LoginBodySchema = z.object({
  username: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(100),
  password: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * `admin`: everything; `editor`: the catalogue of the families in `families`; `user`: the catalogue,
 * limited to `families` unless that list is empty (docs/decisions/0029-company-scoped-staff.md).
 */
export const RoleSchema = z.enum(['admin', 'editor', 'user']);
export type Role = z.infer<typeof RoleSchema>;

export const AccountSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  role: RoleSchema,
  /** Family ids the account is limited to (an admin's list is ignored). */
  families: z.array(z.number().int()),
});
export type Account = z.infer<typeof AccountSchema>;
