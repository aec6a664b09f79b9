import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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
import { badRequest, HttpError } from '../lib/errors';
import { applyMergePatch, MERGE_PATCH_BODY, putRequired, updateFields, zodDetails } from '../lib/merge-patch';
import { entityTag, parseIfMatch, preconditionFailed, readVersion, whenVersion } from './record-version';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The error answers an operation documents: 400 and 401 always, 403 when only administrators may call
 * it, 404 when it names one item, 409 where the declaration says a conflict can happen.
 */
function errorResponses(resource: ResourceDeclaration, operation: CrudOperation) {
  const codes = [400, 401];
  if (resource.access[operation] === 'admin') codes.push(403);
  if (operation !== 'list' && operation !== 'create') codes.push(404);
  if (resource.conflicts[operation]) codes.push(409);
  if (operation === 'update' || operation === 'delete') codes.push(412);
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema]));
}

const isPreconditionFailure = (err: unknown) => err instanceof HttpError && err.statusCode === 412;

/** 204 answers carry no body. */
const NO_CONTENT = z.null();
type WithId = { params: z.output<typeof IdParamsSchema> };

/**
 * Registers the routes of a declared resource (docs/architecture.md, "Resource declaration"): list
 * and create on its path, read, update (PUT, and PATCH with a JSON Merge Patch) and delete on `/:id`
 * (read at `readPath` when the declaration gives one), each with its access, schemas, OpenAPI
 * operation id and error answers. Create answers 201 with the record, delete 204 with no body.
 *
 * Versions (docs/decisions/0061-partial-updates-and-versions.md): a staff read answers an `ETag`;
 * PUT, PATCH and DELETE honour `If-Match`, checked under the write's own row lock (412 with the
 * current version otherwise). A PUT names every field a client written before later fields existed
 * would send: leaving one out is a 400 naming it, never a silent clear.
 */
export function crudRoutes<S extends ResourceSchemas>(
  app: FastifyInstance,
  resource: ResourceDeclaration<S>,
  service: CrudService<S>,
  table: PgTable & { id: AnyPgColumn },
) {
  const { ctx } = app;
  const fields = updateFields(resource.schemas.updateBody);
  const required = putRequired(resource.schemas.updateBody);
  /** The write under the request's If-Match, when it has one. */
  const conditional = <T>(request: FastifyRequest, id: number, write: () => Promise<T>) => {
    const versions = parseIfMatch(request.headers['if-match']);
    return versions === undefined ? write() : whenVersion(table, id, versions, write);
  };
  const collection = `${API_BASE}${resource.path}`;
  const item = `${collection}/:id`;
  const { schemas } = resource;
  // `Parsed` names the parts of the request a handler reads; the route's schemas have validated them.
  const route = <Parsed>(
    operation: CrudOperation,
    method: Method,
    url: string,
    schema: FastifySchema & { response: Record<number, z.ZodType> },
    handle: (request: FastifyRequest & Parsed) => Promise<{ status: number; body: unknown; etag?: string }>,
    extra: Pick<RouteOptions, 'preValidation'> & { operationId?: string; summary?: string } = {},
  ): RouteOptions => ({
    method,
    url,
    config: { access: resource.access[operation] },
    ...(extra.preValidation ? { preValidation: extra.preValidation } : {}),
    schema: {
      tags: [resource.tag],
      summary: extra.summary ?? resource.summaries[operation],
      operationId: extra.operationId ?? operationId(resource, operation),
      ...schema,
      response: { ...schema.response, ...errorResponses(resource, operation) },
    },
    handler: async (request, reply) => {
      const { status, body, etag } = await handle(request as FastifyRequest & Parsed);
      if (etag) void reply.header('etag', etag);
      return reply.status(status).send(body);
    },
  });
  const ok = async (body: Promise<unknown>) => ({ status: 200, body: await body });
  const has = new Set(resource.crud);
  // Only the operations the declaration has: the others are its custom ones, or none.
  const add = (operation: CrudOperation, options: RouteOptions) => {
    if (has.has(operation)) app.route(options);
  };

  add(
    'list',
    route<{ query: z.output<S['listQuery']> }>(
      'list',
      'GET',
      collection,
      { querystring: schemas.listQuery, response: { 200: schemas.list } },
      (r) => ok(service.list(ctx, r.query, r.account)),
    ),
  );
  add(
    'read',
    route<WithId>(
      'read',
      'GET',
      resource.readPath ? `${API_BASE}${resource.readPath}/:id` : item,
      { params: IdParamsSchema, response: { 200: schemas.detail } },
      async (r) => {
        // Staff, who may write, get the version to send back in If-Match; a visitor's read costs no more.
        const version =
          r.account && r.account.role !== 'user' ? await readVersion(ctx.db, table, r.params.id) : undefined;
        const body = await service.read(ctx, r.params.id, r.account);
        return { status: 200, body, ...(version ? { etag: entityTag(version) } : {}) };
      },
    ),
  );
  add(
    'create',
    route<{ body: z.output<S['createBody']> }>(
      'create',
      'POST',
      collection,
      { body: schemas.createBody, response: { 201: schemas.item } },
      async (r) => ({ status: 201, body: await service.create(ctx, r.body, r.account) }),
    ),
  );
  add(
    'update',
    route<WithId & { body: z.output<S['updateBody']> }>(
      'update',
      'PUT',
      item,
      { params: IdParamsSchema, body: schemas.updateBody, response: { 200: schemas.item } },
      (r) => ok(conditional(r, r.params.id, () => service.update(ctx, r.params.id, r.body, r.account))),
      {
        // Before the schema fills in what is left out: the raw body says which fields were sent.
        preValidation: (request, _reply, done) => {
          const sent = request.body;
          const missing =
            typeof sent === 'object' && sent !== null && !Array.isArray(sent)
              ? required.filter((field) => !(field in sent))
              : [];
          if (missing.length === 0) return done();
          done(
            badRequest(
              'request.putMissing',
              { fields: missing.join(', ') },
              missing.map((field) => ({ path: `body.${field}`, code: 'field.required' })),
            ),
          );
        },
      },
    ),
  );
  add(
    'update',
    route<WithId & { body: Record<string, unknown> }>(
      'update',
      'PATCH',
      item,
      { params: IdParamsSchema, body: MERGE_PATCH_BODY, response: { 200: schemas.item } },
      async (r) => {
        const unknown = Object.keys(r.body).filter((key) => !fields.includes(key));
        if (unknown.length > 0) {
          throw badRequest(
            'request.notAField',
            { fields: unknown.join(', '), what: resource.name.one.toLowerCase() },
            unknown.map((key) => ({ path: `body.${key}`, code: 'field.notChangeable' })),
          );
        }
        const asked = parseIfMatch(r.headers['if-match']);
        // The record as its form would send it, patched, then checked as a PUT: under the version read,
        // so a write that came in between is a retry here (or the client's 412), never lost.
        for (let attempt = 1; ; attempt++) {
          const before = await readVersion(ctx.db, table, r.params.id);
          const current = (await service.read(ctx, r.params.id, r.account)) as Record<string, unknown>;
          const version = await readVersion(ctx.db, table, r.params.id);
          if (version === undefined || before !== version) {
            // Written (or removed) while it was read: read it again (a removed one is then a 404), a
            // few times at most for a record written over and over.
            if (version === undefined || attempt < 5) continue;
            throw preconditionFailed(version);
          }
          if (asked !== undefined && asked !== '*' && !asked.includes(version))
            throw preconditionFailed(version);
          const parsed = schemas.updateBody.safeParse(applyMergePatch(current, fields, r.body));
          if (!parsed.success) {
            const details = zodDetails(parsed.error);
            const problems = details.map((d) => `${d.path}: ${d.message}`).join('; ');
            throw badRequest('request.validation', { problems }, details);
          }
          try {
            const body = await whenVersion(table, r.params.id, [version], () =>
              service.update(ctx, r.params.id, parsed.data as z.output<S['updateBody']>, r.account),
            );
            return { status: 200, body };
          } catch (err) {
            if (asked === undefined && attempt < 3 && isPreconditionFailure(err)) continue;
            throw err;
          }
        }
      },
      {
        operationId: `patch${resource.name.one}`,
        summary: `Change some fields of a ${resource.name.one.toLowerCase()} (JSON Merge Patch)`,
      },
    ),
  );
  add(
    'delete',
    route<WithId>(
      'delete',
      'DELETE',
      item,
      { params: IdParamsSchema, response: { 204: NO_CONTENT } },
      async (r) => {
        await conditional(r, r.params.id, () => service.remove(ctx, r.params.id, r.account));
        return { status: 204, body: null };
      },
    ),
  );
}
