import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { HealthSchema, PublicConfigSchema } from '@dalil/contracts/config';
import { HttpError } from '../../lib/errors';

export function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.ctx;

  r.get(
    `${API_BASE}${API_PATHS.health}`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'The process is up',
        operationId: 'health',
        response: { 200: HealthSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  r.get(
    `${API_BASE}${API_PATHS.ready}`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        operationId: 'ready',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ErrorBodySchema },
      },
    },
    async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 2000);
      });
      try {
        await Promise.race([database.ping(), timeout]);
      } catch {
        throw new HttpError(503, 'The database is not answering');
      } finally {
        clearTimeout(timer);
      }
      // The engine stays private: the start log and the operator's configuration say which it is.
      return { status: 'ready' as const };
    },
  );

  r.get(
    `${API_BASE}${API_PATHS.config}`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Run-time settings for the web app',
        operationId: 'getConfig',
        response: { 200: PublicConfigSchema },
      },
    },
    () => ({
      holding: config.holding,
      guest: config.guest,
      mediaBaseUrl: config.media.publicUrl,
      currency: config.currency,
      limits: { uploadBytes: config.csvMaxBytes, imageBytes: config.imageMaxBytes },
    }),
  );
}
