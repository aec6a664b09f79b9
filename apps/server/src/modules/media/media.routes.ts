import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { resolveImage } from './media.service';

export function mediaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { mediaDir } = app.ctx.config;

  r.get(
    '/media/:name',
    {
      schema: {
        hide: true,
        operationId: 'getMedia',
        params: z.object({ name: z.string().max(80) }),
        querystring: z.object({ w: z.coerce.number().int().positive().max(10_000).optional() }),
      },
    },
    async (request, reply) => {
      const file = await resolveImage(mediaDir, request.params.name, request.query.w);
      if (!file) throw new HttpError(404, 'Image not found');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
}
