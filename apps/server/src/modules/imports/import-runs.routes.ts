import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  ImportRunListSchema,
  ImportRunQuerySchema,
  UndoQuerySchema,
  UndoResultSchema,
  type ImportRun,
} from '@dalil/contracts/import-runs';
import { readError } from '@dalil/contracts/error-codes';
import { storedReport } from '@dalil/contracts/imports';
import { count, desc, inArray, isNotNull, or, eq, and, type SQL } from 'drizzle-orm';
import { importRuns } from '../../db/schema';
import { shownAddress } from '../../lib/shown-address';
import { undoImport } from './undo';
import type { Account } from '@dalil/contracts/auth';

const tags = ['imports'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** A failed run's code and params, read back from the sentence it stored (error-codes.ts). */
const failed = (row: typeof importRuns.$inferSelect) =>
  row.failure === null ? null : readError(row.failure);

const toRun = (row: typeof importRuns.$inferSelect): ImportRun => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, username: row.actorUsername },
  // A feed's run is named by its address, shown without its credentials or token.
  fileName: shownAddress(row.fileName),
  kind: row.kind,
  family: row.familyId,
  counts: row.counts as ImportRun['counts'],
  undoneAt: row.undoneAt?.toISOString() ?? null,
  feed: row.feedId,
  failure: row.failure,
  failureCode: failed(row)?.code ?? null,
  failureParams: failed(row)?.params ?? null,
  report: row.report ? storedReport(row.report as NonNullable<ImportRun['report']>) : null,
});

/** Admins see every import; an editor their own and those of their families (as `visible`). */
function scope(caller: Account | null): SQL | undefined {
  if (caller?.role === 'admin') return undefined;
  const mine = eq(importRuns.actorId, caller?.id ?? 0);
  return caller && caller.families.length > 0
    ? or(mine, and(isNotNull(importRuns.familyId), inArray(importRuns.familyId, caller.families)))
    : mine;
}

/** The imports that wrote to the catalogue, and their undo (docs/decisions/0031-import-undo.md). */
export function importRunRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    `${API_BASE}${API_PATHS.imports}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Imports that wrote to the catalogue, newest first: who, when, file name, counts',
        operationId: 'listImports',
        querystring: ImportRunQuerySchema,
        response: { 200: ImportRunListSchema, ...errors },
      },
    },
    async (request) => {
      const where = scope(request.account);
      const rows = await ctx.db
        .select()
        .from(importRuns)
        .where(where)
        .orderBy(desc(importRuns.id))
        .limit(request.query.limit)
        .offset(request.query.skip);
      const [total] = await ctx.db.select({ n: count() }).from(importRuns).where(where);
      return { data: rows.map(toRun), count: total?.n ?? 0 };
    },
  );
  r.post(
    `${API_BASE}${API_PATHS.importUndo}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Undo an import: 409 listing rows changed since, unless skipConflicts=true',
        operationId: 'undoImport',
        params: IdParamsSchema,
        querystring: UndoQuerySchema,
        response: { 200: UndoResultSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const started = performance.now();
      const { rows, ...undone } = await undoImport(
        ctx,
        request.params.id,
        request.account,
        request.query.skipConflicts,
      );
      ctx.metrics.jobs.importTimed('undo', (performance.now() - started) / 1000, rows);
      return undone;
    },
  );
}
