import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { ExportFamilyParamsSchema } from '@dalil/contracts/imports';
import { assertFamily, exportCsv } from './exports.service';

const tags = ['exports'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
/** Documents the CSV for OpenAPI; the stream itself is sent as is. */
const csv = z.string().meta({ description: 'CSV in the "all" import columns, UTF-8 with BOM' });

const fileName = (name: string) =>
  `dalil-${name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '') || 'family'}.csv`;

/** CSV export in the import's own columns, so an export can be imported again; streamed. */
export function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    `${API_BASE}${API_PATHS.exportAll}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The whole catalogue as CSV',
        operationId: 'exportAll',
        produces: ['text/csv'],
        response: { 200: csv, ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName('catalogue')}"`)
        .header('cache-control', 'no-store')
        .send(exportCsv(db) as unknown as string),
  );

  r.get(
    `${API_BASE}${API_PATHS.exportFamily}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One family, with its categories and products, as CSV',
        operationId: 'exportFamily',
        produces: ['text/csv'],
        params: ExportFamilyParamsSchema,
        response: { 200: csv, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const name = await assertFamily(db, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(name)}"`)
        .header('cache-control', 'no-store')
        .send(exportCsv(db, request.params.id) as unknown as string);
    },
  );
}
