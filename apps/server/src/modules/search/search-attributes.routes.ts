import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema } from '@dalil/contracts/common';
import {
  SearchAttributesQuerySchema,
  SearchAttributesSchema,
  type SearchAttribute,
} from '@dalil/contracts/search';
import { notFound } from '../../lib/errors';
import { requireReadable } from '../../core/family-scope';
import { familyPublishedNow, seesDrafts } from '../../core/publication';
import { familyAttributes } from '../attributes/attributes.service';

/**
 * GET /api/search/attributes: the attributes the catalogue may filter a family's search by, with the
 * names its filter chips show. Readable by whoever may search the family, under the same rules.
 */
export function searchAttributesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_BASE}${API_PATHS.searchAttributes}`,
    {
      config: { access: 'account' },
      schema: {
        tags: ['catalogue'],
        summary: "The choice attributes a family's search can be filtered and faceted by (attr.<key>)",
        operationId: 'searchAttributes',
        querystring: SearchAttributesQuerySchema,
        response: {
          200: SearchAttributesSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { family } = request.query;
      requireReadable(request.account, family, 'Family');
      const staff = seesDrafts(request.account, family);
      if (!staff && !(await familyPublishedNow(db, family, app.ctx.now()))) throw notFound('Family');
      const rows = (await familyAttributes(db, family)).sort(
        (a, b) => a.position - b.position || a.id - b.id,
      );
      const data: SearchAttribute[] = [];
      for (const a of rows) {
        if ((a.type === 'choice' || a.type === 'choices') && (staff || a.visible)) {
          data.push({ key: a.key, name: { ar: a.nameAr, en: a.nameEn }, type: a.type, options: a.options });
        }
      }
      return { data };
    },
  );
}
