import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  ProductBodySchema,
  ProductSchema,
  ProductListQuerySchema,
  ProductListSchema,
} from '@dalil/contracts/products';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './products.service';

const read = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const write = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['products'];

export function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    '/api/product',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          'Products, ordered by id; filter by family and category, search either name or an exact code',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListSchema, ...read },
      },
    },
    (request) => listProducts(db, request.query),
  );

  r.get(
    '/api/product/:id',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One product',
        params: IdParamsSchema,
        response: { 200: ProductSchema, ...read, 404: ErrorBodySchema },
      },
    },
    (request) => getProduct(db, request.params.id),
  );

  r.post(
    '/api/product',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a product in a category of a family',
        body: ProductBodySchema,
        response: { 201: ProductSchema, ...write, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createProduct(db, request.body)),
  );

  r.put(
    '/api/product/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Update a product',
        params: IdParamsSchema,
        body: ProductBodySchema,
        response: { 200: ProductSchema, ...write, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) => updateProduct(db, request.params.id, request.body),
  );

  r.delete(
    '/api/product/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a product',
        params: IdParamsSchema,
        response: { 204: z.null(), ...write, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteProduct(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
