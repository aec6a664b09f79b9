import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, PG_CLIENT_ERRORS, pgErrorCode } from './database-errors';
import { noteErrorCode, noteErrorStack } from './error-log';
import { readError } from '@dalil/contracts/error-codes';
import { HttpError, issueDetail, readBackError, statusText, type Detail } from './errors';
import { storageError, storageFault } from './storage-errors';

/** busboy's parse errors carry no code: the body is not the multipart/form-data it claims to be. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|The needle cannot|\w+ terminated early due to unexpected end of multipart data)/;

function validationDetails(err: FastifyError): Detail[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  return err.validation.map((v) => {
    const where = err.validationContext ?? 'body';
    const path = [where, ...v.instancePath.split('/').filter(Boolean)].join('.');
    return issueDetail(path, v.message ?? 'is invalid', (v.params as { issue?: unknown } | undefined)?.issue);
  });
}

/** One error handler: expected errors become 4xx bodies; anything else is logged and answered bare. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    noteErrorCode(request, pgErrorCode(err) ?? err.code);
    const send = (e: HttpError) => {
      if (e.headers) void reply.headers(e.headers);
      return reply.status(e.statusCode).send({
        statusCode: e.statusCode,
        error: statusText(e.statusCode),
        code: e.code,
        params: e.params,
        message: e.message,
        ...(e.details ? { details: e.details } : {}),
      });
    };
    if (err instanceof HttpError) {
      if (err.code.startsWith('storage.')) noteErrorStack(request, err.cause, err.message);
      return send(err);
    }
    const details = validationDetails(err);
    if (details.length > 0) {
      const problems = details.map((d) => `${d.path}: ${d.message}`).join('; ');
      return send(new HttpError(400, 'request.validation', { problems }, { details }));
    }
    const pgCode = pgErrorCode(err);
    // A full or read-only disk that no write path named: still the operator's fault to fix, not ours.
    const databaseFull = pgCode === '53100';
    const fault = databaseFull ? 'full' : storageFault(err);
    if (fault) {
      noteErrorStack(request, err, 'storage cannot be written');
      return send(storageError(fault, databaseFull ? 'database' : 'storage'));
    }
    if (pgCode && PG_CLIENT_ERRORS[pgCode]) {
      const status = PG_CLIENT_ERRORS[pgCode];
      return send(new HttpError(status, status === 409 ? 'record.nameTaken' : 'request.invalid', {}));
    }
    if (!err.code && MALFORMED_MULTIPART.test(err.message)) {
      return send(
        new HttpError(
          400,
          'request.malformedMultipart',
          {},
          {
            details: [{ path: 'file', code: 'request.notMultipart' }],
          },
        ),
      );
    }
    // 57014: a statement ran past statement_timeout (or was cancelled): busy, not broken; retry later.
    if (pgCode === '57014') request.server.ctx.metrics.statementsCancelled.inc();
    if (isDatabaseUnavailable(err) || pgCode === '57014') {
      noteErrorStack(request, { message: err.message }, 'database unavailable');
      return send(new HttpError(503, 'database.unavailable', {}, { headers: { 'retry-after': '5' } }));
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    if (status >= 500) {
      noteErrorStack(request, err, 'unexpected error');
      return send(new HttpError(500, 'internal', {}));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported content type): its
    // message is safe; a sentence the catalogue knows keeps its code, any other is `request.rejected`.
    const read = readError(err.message);
    const own =
      read.code === 'problem' ? { code: 'request.rejected' as const, params: { reason: err.message } } : read;
    return send(readBackError(status, own, { message: err.message }));
  });
}
