import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export interface Detail {
  path: string;
  message: string;
}

/** An expected outcome (not found, conflict, bad row...) that maps to a 4xx in one place. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly details?: Detail[],
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (message: string, details?: Detail[]) => new HttpError(400, message, details);
export const conflict = (message: string) => new HttpError(409, message);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
export const statusText = (code: number) =>
  STATUS_TEXT[code] ?? (code >= 500 ? 'Internal Server Error' : 'Bad Request');

/** PostgreSQL error codes that mean the client sent something impossible, not that we failed. */
const PG_CLIENT_ERRORS: Record<string, number> = {
  '22P02': 400, // invalid text representation
  '22003': 400, // numeric value out of range
  '22001': 400, // string too long
  '22021': 400, // invalid byte sequence (NUL)
  '23505': 409, // unique violation
  '23503': 400, // foreign key violation
  '23514': 400, // check violation
};

/** The database is down or restarting: a 503 the client may retry, not our failure to hide. */
function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|database is closed|encountered a connection error and is not queryable/.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** busboy's parse errors carry no code: the body is not the multipart/form-data it claims to be. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|The needle cannot|\w+ terminated early due to unexpected end of multipart data)/;

function validationDetails(err: FastifyError): Detail[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  return err.validation.map((v) => {
    const where = err.validationContext ?? 'body';
    const path = [where, ...v.instancePath.split('/').filter(Boolean)].join('.');
    return { path, message: v.message ?? 'is invalid' };
  });
}

/** One error handler: expected errors become 4xx bodies; anything else is logged and answered bare. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: statusText(err.statusCode),
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
      });
    }
    const details = validationDetails(err);
    if (details.length > 0) {
      const message = details.map((d) => `${d.path}: ${d.message}`).join('; ');
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message, details });
    }
    const pgCode = pgErrorCode(err);
    if (pgCode && PG_CLIENT_ERRORS[pgCode]) {
      const status = PG_CLIENT_ERRORS[pgCode];
      const message =
        status === 409
          ? 'A record with the same name or code already exists'
          : 'The request has an invalid value';
      return reply.status(status).send({ statusCode: status, error: statusText(status), message });
    }
    if (!err.code && MALFORMED_MULTIPART.test(err.message)) {
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The upload is not well-formed multipart/form-data; send the file again',
        details: [{ path: 'file', message: 'is not well-formed multipart/form-data' }],
      });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is not answering; try again in a moment',
      });
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err }, 'unexpected error');
      return reply.status(500).send({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side',
      });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported content type): its message is safe.
    return reply.status(status).send({ statusCode: status, error: statusText(status), message: err.message });
  });
}
