import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  FamilyBodySchema,
  FamilyDetailSchema,
  FamilyListQuerySchema,
  FamilyListSchema,
  FamilySchema,
} from '@dalil/contracts/families';
import { createFamily, deleteFamily, getFamily, listFamilies, updateFamily } from './families.service';

const read = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const write = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['families'];

export function familyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/api/family',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Families, ordered by id; search matches either name',
        querystring: FamilyListQuerySchema,
        response: { 200: FamilyListSchema, ...read },
      },
    },
    (request) => listFamilies(db, request.query),
  );

  r.get(
    '/api/family/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One family, with the number of linked categories and products',
        params: IdParamsSchema,
        response: { 200: FamilyDetailSchema, ...read, 404: ErrorBodySchema },
      },
    },
    (request) => getFamily(db, request.params.id),
  );

  r.post(
    '/api/family',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a family',
        body: FamilyBodySchema,
        response: { 201: FamilySchema, ...write, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createFamily(db, request.body)),
  );

  r.put(
    '/api/family/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Update a family',
        params: IdParamsSchema,
        body: FamilyBodySchema,
        response: { 200: FamilySchema, ...write, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) => updateFamily(db, request.params.id, request.body),
  );

  r.delete(
    '/api/family/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a family with its categories and products',
        params: IdParamsSchema,
        response: { 204: z.null(), ...write, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteFamily(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
