import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ApiKeyCreateBodySchema, ApiKeyCreatedSchema, ApiKeyListSchema } from '@dalil/contracts/api-keys';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['api keys'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * API keys for other systems (docs/decisions/0049-api-keys.md): administrators create, list and
 * revoke them; a key itself never reaches these routes.
 */
export function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    `${API_BASE}${API_PATHS.apiKeys}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every API key, newest first, revoked ones included; never a secret',
        operationId: 'listApiKeys',
        response: { 200: ApiKeyListSchema, ...errors },
      },
    },
    () => listApiKeys(ctx),
  );
  r.post(
    `${API_BASE}${API_PATHS.apiKeys}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create an API key for some families: the answer holds its secret, shown only this once',
        operationId: 'createApiKey',
        body: ApiKeyCreateBodySchema,
        response: { 201: ApiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(ctx, request.body, request.account, ctx.tokens.now());
      request.log.info({ apiKey: created.id, prefix: created.prefix }, 'API key created');
      return reply.status(201).send(created);
    },
  );
  r.delete(
    `${API_BASE}${API_PATHS.apiKey}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once and stays listed as revoked',
        operationId: 'revokeApiKey',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await revokeApiKey(ctx, request.params.id, ctx.tokens.now());
      request.log.info({ apiKey: request.params.id }, 'API key revoked');
      return reply.status(204).send(null);
    },
  );
}
