import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import { UndoQuerySchema, UndoResultSchema } from '@dalil/contracts/import-runs';
import { BULK_MAX_OPERATIONS, BulkRequestSchema, BulkResponseSchema } from '@dalil/contracts/product-bulk';
import { eq } from 'drizzle-orm';
import { importRuns } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { undoImport } from '../imports/imports.service';
import { runBulk } from './bulk.service';

const tags = ['products'];
const BULK_BODY_LIMIT = 16 * 1024 * 1024;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Bulk product writes and the undo of their change set
 * (docs/decisions/0065-bulk-operations-and-change-sets.md).
 */
export function productBulkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.post(
    `${API_BASE}${API_PATHS.productBulk}`,
    {
      config: { access: 'staff' },
      // A thousand products with their descriptions pass the app's 1 MB limit of other bodies.
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        summary: `Create, change and delete up to ${BULK_MAX_OPERATIONS} products as one change set, undone whole`,
        description:
          'Each operation answers the status it would have answered alone, in request order. `all-or-nothing`: one failure writes nothing (422 with every result). `each`: the operations that succeed are written (200). `changeSet` adds the writes to an earlier change set of the same caller.',
        operationId: 'bulkProducts',
        body: BulkRequestSchema,
        response: {
          200: BulkResponseSchema,
          422: BulkResponseSchema,
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { status, body } = await runBulk(ctx, request.body, request.account);
      return reply.status(status).send(body);
    },
  );
  r.post(
    `${API_BASE}${API_PATHS.productBulkUndo}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Undo a bulk change set: 409 listing records changed since, unless skipConflicts=true',
        operationId: 'undoBulkProducts',
        params: IdParamsSchema,
        querystring: UndoQuerySchema,
        response: { 200: UndoResultSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const [run] = await ctx.db
        .select({ kind: importRuns.kind })
        .from(importRuns)
        .where(eq(importRuns.id, request.params.id));
      if (run?.kind !== 'bulk') throw notFound('Change set');
      const { rows: _rows, ...undone } = await undoImport(
        ctx,
        request.params.id,
        request.account,
        request.query.skipConflicts,
      );
      return undone;
    },
  );
}
