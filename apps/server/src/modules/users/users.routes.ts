import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  UserCreateBodySchema,
  UserListQuerySchema,
  UserListSchema,
  UserSchema,
  UserUpdateBodySchema,
} from '@dalil/contracts/users';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['users'];
// User management is for administrators only (DESIGN.md "API").
const config = { access: 'admin' as const };

export function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/api/user',
    {
      config,
      schema: {
        tags,
        summary: 'Users, ordered by id; search matches username or names',
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
    },
    (request) => listUsers(db, request.query),
  );

  r.get(
    '/api/user/profile/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One user',
        params: IdParamsSchema,
        response: { 200: UserSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    (request) => getUser(db, request.params.id),
  );

  r.post(
    '/api/user',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user (catalogue user unless the role says admin)',
        body: UserCreateBodySchema,
        response: { 201: UserSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(db, request.body)),
  );

  r.put(
    '/api/user/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update names, username and role; a password only when given',
        params: IdParamsSchema,
        body: UserUpdateBodySchema,
        response: { 200: UserSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) => updateUser(db, request.params.id, request.body),
  );

  r.delete(
    '/api/user/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user (not yourself, not the last administrator)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteUser(db, request.params.id, request.account!.id);
      return reply.status(204).send(null);
    },
  );
}
