import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { HttpError } from '../../lib/errors';
import { periodicTask } from '../../lib/periodic-task';
import { createAddressLimit } from './address-limit';
import { forgetOldFailures } from './sign-in-limits';
import { forgetExpiredRevocations, revokeToken } from './sessions';

const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * POST /api/logout signs out the token it is called with; the account's other sessions stay valid.
 * Also removes, every few minutes, revocations and sign-in counts that can no longer matter.
 */
export function logoutRoutes(app: FastifyInstance) {
  const { db, sessions, config, tokens } = app.ctx;
  // Every sign-out is stored until its token would have expired and makes every process re-check the
  // sessions it knows: past LOGIN_GUEST_LIMIT a minute from one address, a sign-out is refused.
  const signOuts = createAddressLimit(db, 'logout', config.signIn.guestPerAddress);
  app.withTypeProvider<ZodTypeProvider>().post(
    `${API_BASE}${API_PATHS.logout}`,
    {
      config: { access: 'account' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: this token stops working at once',
        operationId: 'logout',
        response: { 204: z.null(), 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const wait = await signOuts.take(request.ip);
      if (wait > 0) {
        throw new HttpError(429, 'auth.tooManySignOuts', {}, { headers: { 'retry-after': String(wait) } });
      }
      // The guard has verified the token and kept it.
      if (request.token) await revokeToken(sessions, request.token);
      await forgetExpiredRevocations(db, tokens);
      return reply.status(204).send(null);
    },
  );

  periodicTask(app, {
    startOn: 'ready',
    firstRunMs: HOUSEKEEPING_MS,
    everyMs: HOUSEKEEPING_MS,
    failure: 'could not remove expired revocations and sign-in counts',
    task: () => Promise.all([forgetExpiredRevocations(db, tokens), forgetOldFailures(db)]),
  });
}
