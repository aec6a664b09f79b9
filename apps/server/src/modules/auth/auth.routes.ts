import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AccountSchema, LoginBodySchema, LoginResponseSchema } from '@dalil/contracts/auth';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { MESSAGES } from '@dalil/contracts/constants';
import { HttpError } from '../../lib/errors';
import { findUserByUsername } from '../users/users.repository';
import { verifyPassword } from './passwords';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** Rate-limit key: the client address and the username tried, so one attacker cannot lock others out. */
function loginKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 100) : '';
  return `${request.ip}|${username}`;
}

export function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, tokens, config } = app.ctx;
  const rateLimit = {
    max: config.loginRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: loginKey,
  };

  for (const kind of ['admin', 'user'] as const) {
    r.post(
      `/api/${kind}/login`,
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: kind === 'admin' ? 'Administrator sign-in' : 'Catalogue sign-in (any account)',
          body: LoginBodySchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        const user = await findUserByUsername(db, username);
        const valid = await verifyPassword(user?.passwordHash, password);
        if (!user || !valid || (kind === 'admin' && user.role !== 'admin')) {
          throw new HttpError(401, MESSAGES.badCredentials);
        }
        const token = await tokens.sign({
          userId: user.id,
          role: user.role,
          tokenVersion: user.tokenVersion,
        });
        return { token };
      },
    );

    r.get(
      `/api/${kind}/auth`,
      {
        config: { access: kind === 'admin' ? 'admin' : 'account' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in account',
          response: { 200: AccountSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      (request) => request.account!,
    );
  }
}
