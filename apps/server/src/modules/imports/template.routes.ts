import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { TemplateParamsSchema, TemplateQuerySchema, XLSX_MEDIA_TYPE } from '@dalil/contracts/imports';
import { templateXlsx } from './template';
import { familyAttributeColumns } from './attribute-cells';

/**
 * GET the upload template of a kind as XLSX (`?example=true` adds an "Examples" sheet, which
 * imports never read). The CSV templates, the header line only, are built in the browser
 * (`importTemplateCsv` in the contracts).
 */
export function templateRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_BASE}${API_PATHS.uploadTemplateXlsx}`,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['imports'],
        summary: 'The upload template of a kind of file, as XLSX',
        operationId: 'importTemplateXlsx',
        produces: [XLSX_MEDIA_TYPE],
        params: TemplateParamsSchema,
        querystring: TemplateQuerySchema,
        response: {
          200: z.string().meta({ description: 'An Excel workbook (.xlsx)' }),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { example, family } = request.query;
      const attributes = family === undefined ? [] : await familyAttributeColumns(app.ctx.db, family);
      return reply
        .header('content-type', XLSX_MEDIA_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="dalil-${kind}-${example ? 'example' : 'headers'}.xlsx"`,
        )
        .header('cache-control', 'no-store')
        .send(templateXlsx(kind, example, attributes) as unknown as string);
    },
  );
}
