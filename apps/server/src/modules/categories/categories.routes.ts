import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  CategoryBodySchema,
  CategoryDetailSchema,
  CategoryListQuerySchema,
  CategoryListSchema,
  CategorySchema,
} from '@dalil/contracts/categories';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.service';

const read = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const write = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['categories'];

export function categoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/api/category',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Categories, ordered by id; filter by family, search either name',
        querystring: CategoryListQuerySchema,
        response: { 200: CategoryListSchema, ...read },
      },
    },
    (request) => listCategories(db, request.query),
  );

  r.get(
    '/api/category/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One category, with the number of linked products',
        params: IdParamsSchema,
        response: { 200: CategoryDetailSchema, ...read, 404: ErrorBodySchema },
      },
    },
    (request) => getCategory(db, request.params.id),
  );

  r.post(
    '/api/category',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a category in a family',
        body: CategoryBodySchema,
        response: { 201: CategorySchema, ...write, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(db, request.body)),
  );

  r.put(
    '/api/category/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Update a category (a new family moves its products too)',
        params: IdParamsSchema,
        body: CategoryBodySchema,
        response: { 200: CategorySchema, ...write, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) => updateCategory(db, request.params.id, request.body),
  );

  r.delete(
    '/api/category/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a category with its products',
        params: IdParamsSchema,
        response: { 204: z.null(), ...write, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteCategory(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
