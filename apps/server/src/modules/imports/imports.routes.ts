import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, IdSchema } from '@dalil/contracts/common';
import {
  ImportErrorBodySchema,
  ImportQuerySchema,
  ImportReportSchema,
  type ImportKind,
} from '@dalil/contracts/imports';
import { fixedNames, runImport } from './imports.service';
import { receiveCsv } from './receive-upload';

const tags = ['imports'];
const LISTED_IN_MESSAGE = 100;
/** A large import answers after minutes, not seconds: the socket must not be closed as idle. */
const IMPORT_SOCKET_TIMEOUT_MS = 30 * 60_000;

const response = {
  200: ImportReportSchema,
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  422: ImportErrorBodySchema,
};

/**
 * Bulk CSV upload (spec section 7, DESIGN.md improvement 5). `?dryRun=true` answers the preview and
 * writes nothing. A real import with any problem writes nothing and answers 422 with the same report.
 * Registered as its own plugin: multipart is scoped to it unless the app already has it.
 */
export async function importRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.ctx;

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ImportKind,
    dryRun: boolean,
    ids: { family?: number; category?: number } = {},
  ) => {
    const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(IMPORT_SOCKET_TIMEOUT_MS);
    const fixed = await fixedNames(database, kind, ids.family, ids.category);
    const started = performance.now();
    const file = await receiveCsv(request, config.csvMaxBytes);
    const timings: Record<string, number> = { receive: Math.round(performance.now() - started) };
    try {
      const report = await runImport(database, { kind, fixed, path: file.path, dryRun }, timings);
      request.log.info(
        { kind, dryRun, rows: report.rows, problems: report.problemCount, timings },
        'CSV import',
      );
      if (dryRun || report.imported) return reply.status(200).send(report);
      return reply.status(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: `${report.problemCount} row problem${report.problemCount === 1 ? '' : 's'}; nothing was imported`,
        details: report.problems.slice(0, LISTED_IN_MESSAGE).map((p) => ({
          path: p.column ? `line ${p.line}.${p.column}` : `line ${p.line}`,
          message: p.reason,
        })),
        report,
      });
    } finally {
      await file.remove();
    }
  };

  const route = <P extends z.ZodType = z.ZodObject>(summary: string, params?: P) => ({
    config: { access: 'admin' as const },
    schema: {
      tags,
      summary,
      consumes: ['multipart/form-data'],
      querystring: ImportQuerySchema,
      params: (params ?? z.object({})) as P,
      response,
    },
  });

  r.post(
    '/api/upload/all',
    route('Upload families, categories and products from one CSV (field "file")'),
    (request, reply) => handle(request, reply, 'all', request.query.dryRun),
  );

  r.post(
    '/api/upload/categories/:family',
    route('Upload the categories of a family, with their products', z.object({ family: IdSchema })),
    (request, reply) =>
      handle(request, reply, 'categories', request.query.dryRun, { family: request.params.family }),
  );

  r.post(
    '/api/upload/products/:family/:category',
    route('Upload the products of a category', z.object({ family: IdSchema, category: IdSchema })),
    (request, reply) => handle(request, reply, 'products', request.query.dryRun, request.params),
  );
}
