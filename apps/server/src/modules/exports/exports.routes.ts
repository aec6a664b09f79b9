import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import {
  ExportFamilyParamsSchema,
  importColumnsDescription,
  XLSX_MEDIA_TYPE as XLSX_TYPE,
} from '@dalil/contracts/imports';
import { requireWritable, writableFamilies } from '../../core/family-scope';
import { assertFamily, exportCsv, exportXlsx } from './exports.service';

const tags = ['exports'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
/** Documents the CSV for OpenAPI; the stream itself is sent as is. */
const csv = z.string().meta({
  description: `CSV in the "all" import columns, UTF-8 with BOM, every product field written. ${importColumnsDescription('all')}`,
});
const xlsx = z.string().meta({
  description: `An Excel workbook (.xlsx), one sheet in the "all" import columns, every product field written; codes and dates are text cells, counts and prices numbers. ${importColumnsDescription('all')}`,
});

type Format = 'csv' | 'xlsx';
const FORMATS = {
  csv: { type: 'text/csv; charset=utf-8', schema: csv, produces: 'text/csv', write: exportCsv },
  xlsx: { type: XLSX_TYPE, schema: xlsx, produces: XLSX_TYPE, write: exportXlsx },
} as const;

const fileName = (name: string, format: Format) =>
  `dalil-${name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '') || 'family'}.${format}`;

/**
 * Exports in the import's own columns, so an export can be imported again; streamed. CSV and XLSX
 * carry the same rows (docs/decisions/0022-xlsx-import-export.md).
 */
export function exportRoutes(app: FastifyInstance) {
  for (const format of ['csv', 'xlsx'] as const) formatRoutes(app, format);
}

function formatRoutes(app: FastifyInstance, format: Format) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const { type, schema, produces, write } = FORMATS[format];
  const upper = format.toUpperCase();
  const suffix = format === 'csv' ? '' : 'Xlsx';

  r.get(
    `${API_BASE}${format === 'csv' ? API_PATHS.exportAll : API_PATHS.exportAllXlsx}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: `The whole catalogue as ${upper}`,
        operationId: `exportAll${suffix}`,
        produces: [produces],
        response: { 200: schema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${fileName('catalogue', format)}"`)
        .header('cache-control', 'no-store')
        .send(write(db, writableFamilies(request.account)) as unknown as string),
  );

  r.get(
    `${API_BASE}${format === 'csv' ? API_PATHS.exportFamily : API_PATHS.exportFamilyXlsx}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: `One family, with its categories and products, as ${upper}`,
        operationId: `exportFamily${suffix}`,
        produces: [produces],
        params: ExportFamilyParamsSchema,
        response: { 200: schema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      requireWritable(request.account, request.params.id, 'Family');
      const name = await assertFamily(db, request.params.id);
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${fileName(name, format)}"`)
        .header('cache-control', 'no-store')
        .send(write(db, [request.params.id]) as unknown as string);
    },
  );
}
