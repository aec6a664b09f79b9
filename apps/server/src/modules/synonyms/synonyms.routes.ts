import multipart from '@fastify/multipart';
import { requireWritable } from '../../core/family-scope';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema, IdSchema } from '@dalil/contracts/common';
import {
  SynonymExportQuerySchema,
  SynonymImportQuerySchema,
  SynonymImportResultSchema,
} from '@dalil/contracts/synonyms';
import type { Db } from '../../db/client';
import { families } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { receiveUpload } from '../imports/imports.service';
import { exportSynonymsCsv, importSynonymsCsv } from './synonym-csv';

const tags = ['synonyms'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** 400 naming the query or path field when the family does not exist. */
async function assertFamily(db: Db, id: number, where: 'query' | 'params') {
  const [found] = await db.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!found) {
    throw new HttpError(
      400,
      'family.unknown',
      {},
      {
        message: 'family: No family has this id',
        details: [{ path: `${where}.family`, code: 'family.unknown' }],
      },
    );
  }
}

/**
 * A family's synonym groups as CSV and back (docs/decisions/0024-word-search.md, "Synonyms per
 * family"). Registered as its own plugin: multipart is scoped to it unless the app already has it.
 */
export async function synonymCsvRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    `${API_BASE}${API_PATHS.synonymsExport}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "A family's synonym groups as CSV (header words, one group a line)",
        operationId: 'exportSynonyms',
        produces: ['text/csv'],
        querystring: SynonymExportQuerySchema,
        response: {
          200: z.string().meta({ description: 'CSV, UTF-8 with BOM: words, then one group a line' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      requireWritable(request.account, request.query.family, 'Family');
      await assertFamily(ctx.db, request.query.family, 'query');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="dalil-synonyms-${request.query.family}.csv"`)
        .header('cache-control', 'no-store')
        .send(await exportSynonymsCsv(ctx.db, request.query.family));
    },
  );

  r.post(
    `${API_BASE}${API_PATHS.synonymsImport}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Upload a family\'s synonym groups as CSV (field "file"); mode=replace or merge',
        operationId: 'importSynonyms',
        consumes: ['multipart/form-data'],
        params: z.object({ family: IdSchema }),
        querystring: SynonymImportQuerySchema,
        response: {
          200: SynonymImportResultSchema,
          ...errors,
          413: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      requireWritable(request.account, request.params.family, 'Family');
      await assertFamily(ctx.db, request.params.family, 'params');
      const file = await receiveUpload(request, ctx.config.csvMaxBytes, ctx.config.dataDir);
      try {
        return await importSynonymsCsv(ctx, request.params.family, file.path, request.query.mode, {
          caller: request.account,
          fileName: file.name,
        });
      } finally {
        await file.remove();
      }
    },
  );
}
