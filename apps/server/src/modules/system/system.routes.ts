import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { HealthSchema, PublicConfigSchema } from '@dalil/contracts/config';
import { readError } from '@dalil/contracts/error-codes';
import { readBackError } from '../../lib/errors';
import { readinessChecks } from './readiness';

export function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database, media } = app.ctx;
  const ready = readinessChecks(database, media, config.dataDir);

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
        summary: 'The database answers and the media store (and DATA_DIR with PGlite) can be written',
        operationId: 'ready',
        response: { 200: z.object({ status: z.literal('ready') }), 503: ErrorBodySchema },
      },
    },
    async () => {
      const problems = await ready();
      if (problems.length > 0) {
        // A full or read-only disk names the whole answer too (`storage.full`), for a client or a
        // monitor to act on; each problem's own code is in its detail.
        const disk = problems.find((p) => p.code);
        const problemsText = problems.map((p) => p.message).join('; ');
        throw readBackError(
          503,
          disk?.code
            ? { code: disk.code, params: readError(disk.message).params }
            : { code: 'system.notReady', params: { problems: problemsText } },
          {
            message: problemsText,
            details: problems.map((p) => ({ path: p.path, message: p.message })),
            headers: { 'retry-after': '5' },
          },
        );
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
