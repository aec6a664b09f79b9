import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { readImage, readPreview } from './media.service';

/**
 * GET /media/<name>[?w=<width>] and GET /media/w<width>/<name>: the same images from whichever
 * store is configured, and GET /media/og/<hash>.jpg, an image's link preview JPEG (made on first
 * request when no page has asked for it yet). Names are content hashes, so an answer never changes:
 * cached for a year.
 */
export function mediaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = app.ctx.media;
  const send = async (reply: FastifyReply, name: string, width?: number) => {
    const data = await readImage(store, name, width);
    if (!data) throw new HttpError(404, 'image.notFound', {});
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  };

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
    (request, reply) => send(reply, request.params.name, request.query.w),
  );
  r.get(
    '/media/og/:name',
    {
      schema: {
        hide: true,
        operationId: 'getMediaPreview',
        params: z.object({ name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const data = name.endsWith('.jpg') ? await readPreview(store, `${name.slice(0, -4)}.webp`) : null;
      if (!data) throw new HttpError(404, 'image.notFound', {});
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
  r.get(
    '/media/:width/:name',
    {
      schema: {
        hide: true,
        operationId: 'getMediaWidth',
        params: z.object({ width: z.string().regex(/^w[0-9]{2,4}$/), name: z.string().max(80) }),
      },
    },
    (request, reply) => send(reply, request.params.name, Number(request.params.width.slice(1))),
  );
}
