import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  operationId,
  type CrudOperation,
  type ResourceDeclaration,
  type ResourceSchemas,
} from '@dalil/contracts/resources';
import type { CrudService } from './crud-service';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The error answers an operation documents: 400 and 401 always, 403 when only administrators may call
 * it, 404 when it names one item, 409 where the declaration says a conflict can happen.
 */
function errorResponses(resource: ResourceDeclaration, operation: CrudOperation) {
  const codes = [400, 401];
  if (resource.access[operation] === 'admin') codes.push(403);
  if (operation !== 'list' && operation !== 'create') codes.push(404);
  if (resource.conflicts[operation]) codes.push(409);
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema]));
}

/** 204 answers carry no body. */
const NO_CONTENT = z.null();
type WithId = { params: z.output<typeof IdParamsSchema> };

/**
 * Registers the five routes of a declared resource (docs/architecture.md, "Resource declaration"):
 * list and create on its path, read, update and delete on `/:id` (read at `readPath` when the
 * declaration gives one), each with its access, schemas, OpenAPI operation id and error answers.
 * Create answers 201 with the record, delete 204 with no body.
 */
export function crudRoutes<S extends ResourceSchemas>(
  app: FastifyInstance,
  resource: ResourceDeclaration<S>,
  service: CrudService<S>,
) {
  const { ctx } = app;
  const collection = `${API_BASE}${resource.path}`;
  const item = `${collection}/:id`;
  const { schemas } = resource;
  // `Parsed` names the parts of the request a handler reads; the route's schemas have validated them.
  const route = <Parsed>(
    operation: CrudOperation,
    method: Method,
    url: string,
    schema: FastifySchema & { response: Record<number, z.ZodType> },
    handle: (request: FastifyRequest & Parsed) => Promise<{ status: number; body: unknown }>,
  ): RouteOptions => ({
    method,
    url,
    config: { access: resource.access[operation] },
    schema: {
      tags: [resource.tag],
      summary: resource.summaries[operation],
      operationId: operationId(resource, operation),
      ...schema,
      response: { ...schema.response, ...errorResponses(resource, operation) },
    },
    handler: async (request, reply) => {
      const { status, body } = await handle(request as FastifyRequest & Parsed);
      return reply.status(status).send(body);
    },
  });
  const ok = async (body: Promise<unknown>) => ({ status: 200, body: await body });

  app.route(
    route<{ query: z.output<S['listQuery']> }>(
      'list',
      'GET',
      collection,
      { querystring: schemas.listQuery, response: { 200: schemas.list } },
      (r) => ok(service.list(ctx, r.query, r.account)),
    ),
  );
  app.route(
    route<WithId>(
      'read',
      'GET',
      resource.readPath ? `${API_BASE}${resource.readPath}/:id` : item,
      { params: IdParamsSchema, response: { 200: schemas.detail } },
      (r) => ok(service.read(ctx, r.params.id, r.account)),
    ),
  );
  app.route(
    route<{ body: z.output<S['createBody']> }>(
      'create',
      'POST',
      collection,
      { body: schemas.createBody, response: { 201: schemas.item } },
      async (r) => ({ status: 201, body: await service.create(ctx, r.body, r.account) }),
    ),
  );
  app.route(
    route<WithId & { body: z.output<S['updateBody']> }>(
      'update',
      'PUT',
      item,
      { params: IdParamsSchema, body: schemas.updateBody, response: { 200: schemas.item } },
      (r) => ok(service.update(ctx, r.params.id, r.body, r.account)),
    ),
  );
  app.route(
    route<WithId>(
      'delete',
      'DELETE',
      item,
      { params: IdParamsSchema, response: { 204: NO_CONTENT } },
      async (r) => {
        await service.remove(ctx, r.params.id, r.account);
        return { status: 204, body: null };
      },
    ),
  );
}
