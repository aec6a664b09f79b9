import { z } from 'zod';

export const LoginBodySchema = z.object({
  username: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(100),
  password: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ token: z.string() });

export const RoleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof RoleSchema>;

export const AccountSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  role: RoleSchema,
});
export type Account = z.infer<typeof AccountSchema>;
