import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { AccountSchema, LoginBodySchema, LoginResponseSchema } from '@dalil/contracts/auth';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { createSignIn } from './sign-in';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

export function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = createSignIn(app.ctx);

  for (const kind of ['admin', 'user'] as const) {
    r.post(
      `${API_BASE}${API_PATHS[`${kind}Login`]}`,
      {
        config: { access: 'public' },
        // A token in an answer (and a refusal meant for one person) is never kept by a browser or proxy.
        onRequest: (_request, reply, done) => {
          void reply.header('cache-control', 'no-store');
          done();
        },
        schema: {
          tags: ['auth'],
          summary: kind === 'admin' ? 'Administrator sign-in' : 'Catalogue sign-in (any account)',
          operationId: `${kind}Login`,
          body: LoginBodySchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        return { token: await signIn(kind, username, password, request.ip) };
      },
    );

    r.get(
      `${API_BASE}${API_PATHS[`${kind}Auth`]}`,
      {
        config: { access: kind === 'admin' ? 'staff' : 'account' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in account',
          operationId: `${kind}Auth`,
          response: { 200: AccountSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      (request) => request.account!,
    );
  }
}
