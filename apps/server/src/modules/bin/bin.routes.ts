import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { BinEntryDetailSchema, BinListSchema, BinQuerySchema, BinRestoredSchema } from '@dalil/contracts/bin';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import { z } from 'zod';
import { restoreBinEntry } from './bin-restore';
import { emptyBin, listBin, readBinEntry, removeBinEntry } from './bin.service';

const tags = ['bin'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * The recycle bin (docs/decisions/0042-recycle-bin.md): staff list, read and restore the entries of
 * their families (family entries are the administrators'); only an administrator removes entries
 * for good.
 */
export function binRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const days = ctx.config.binDays;
  r.get(
    `${API_BASE}${API_PATHS.bin}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Deleted families, categories and products, newest first, with what each delete took',
        operationId: 'listBin',
        querystring: BinQuerySchema,
        response: { 200: BinListSchema, ...errors },
      },
    },
    (request) => listBin(ctx.db, request.query, request.account, days),
  );
  r.get(
    `${API_BASE}${API_PATHS.binEntry}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'One bin entry with the records it holds',
        operationId: 'getBinEntry',
        params: IdParamsSchema,
        response: { 200: BinEntryDetailSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    (request) => readBinEntry(ctx.db, request.params.id, request.account, days),
  );
  r.post(
    `${API_BASE}${API_PATHS.binRestore}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Restore a bin entry whole, with its ids: 409 naming the record and field in the way',
        operationId: 'restoreBinEntry',
        params: IdParamsSchema,
        response: { 200: BinRestoredSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const { activity: _recorded, ...restored } = await restoreBinEntry(
        ctx,
        request.params.id,
        request.account,
      );
      return restored;
    },
  );
  r.delete(
    `${API_BASE}${API_PATHS.binEntry}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Remove one bin entry for good',
        operationId: 'deleteBinEntry',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await removeBinEntry(ctx.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    `${API_BASE}${API_PATHS.bin}`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Empty the bin: every entry is removed for good',
        operationId: 'emptyBin',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const removed = await emptyBin(ctx.db);
      request.log.info({ removed }, 'recycle bin emptied');
      return reply.status(204).send(null);
    },
  );
}
