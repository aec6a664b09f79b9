import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityListSchema, ActivityQuerySchema, ActivitySchema } from '@dalil/contracts/activity';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import { activityCsv } from './activity-csv';
import type { ResourceModule } from '../../core/app-module';
import { listActivity, namedRecordsOf } from './activity.service';
import { revertEntry } from './revert';
import { revertTargetsOf } from './revert-targets';

const tags = ['activity'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * The history of every write (docs/decisions/0030-history.md): administrators see all of it, editors
 * the entries of their families; either may revert an entry they can see. `resources`: the admin
 * resources' modules, whose records the history names and reverts.
 */
export function activityRoutes(app: FastifyInstance, resources: readonly ResourceModule[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const named = namedRecordsOf(resources);
  const targets = revertTargetsOf(resources);

  r.get(
    `${API_BASE}${API_PATHS.activity}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'The history of changes, newest first; filter by entity, record, person, family, kind, dates',
        operationId: 'listActivity',
        querystring: ActivityQuerySchema,
        response: { 200: ActivityListSchema, ...errors },
      },
    },
    (request) => listActivity(ctx.db, named, request.query, request.account),
  );

  r.get(
    `${API_BASE}${API_PATHS.activityCsv}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'The filtered history as CSV, one line per changed field',
        operationId: 'exportActivity',
        produces: ['text/csv'],
        querystring: ActivityQuerySchema,
        response: { 200: z.string().meta({ description: 'CSV, UTF-8 with BOM' }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="dalil-activity.csv"')
        .header('cache-control', 'no-store')
        .send(activityCsv(ctx.db, request.query, request.account) as unknown as string),
  );

  r.post(
    `${API_BASE}${API_PATHS.activityRevert}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Put a recorded change back; 409 naming the fields changed since',
        operationId: 'revertActivity',
        params: IdParamsSchema,
        response: { 200: ActivitySchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    (request) => revertEntry(ctx, targets, request.params.id, request.account),
  );
}
