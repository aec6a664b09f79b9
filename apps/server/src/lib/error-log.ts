import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the error handler learnt of an answer's error, for its one log line. */
interface Failure {
  /** The error's code (Fastify's `FST_...`, a database or system code). */
  code?: string;
  /** An error worth its stack in the log (unexpected, or the disk or the database failing). */
  err?: unknown;
  /** Why, when the error is logged with its stack (`unexpected error`). */
  reason?: string;
}
const failures = new WeakMap<FastifyRequest, Failure>();

/** Called by the error handler: the code, when the error has one, goes on the request's log line. */
export function noteErrorCode(request: FastifyRequest, code: unknown): void {
  if (typeof code === 'string' && code !== '') failures.set(request, { code: code.slice(0, 64) });
}

/** Called by the error handler for an error whose stack belongs in the log: on the same one line. */
export function noteErrorStack(request: FastifyRequest, err: unknown, reason: string): void {
  failures.set(request, { ...failures.get(request), err, reason });
}

/**
 * One log line for every error answer (400 and up), however it was made (the error handler, the
 * access guard's refusal, the not-found handler, a route's own 422), so the request id a person sees
 * in an error leads to a line in the log. It names the route pattern, never the raw URL: a query
 * string may carry a secret, and a path a record's id. 4xx lines are `info` (a client's mistake), a
 * 503 `warn` (busy or shutting down, as the error handler logs it), other 5xx `error`.
 *
 * With Fastify's own request lines on (LOG_LEVEL debug or trace), its "request completed" line
 * already carries the status and time of every answer: this one is added only for an error with a
 * stack, so a flood of 401s or 404s does not log each twice. An error's stack goes on this same
 * line (`err`), so a 500 is one line, not a stack line and a summary line.
 */
export function registerErrorLog(app: FastifyInstance, options: { requestLogging: boolean }): void {
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const failure = failures.get(request);
    if (statusCode >= 400 && (!options.requestLogging || failure?.err !== undefined)) {
      const level = statusCode < 500 ? 'info' : statusCode === 503 ? 'warn' : 'error';
      request.log[level](
        {
          method: request.method,
          route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
          statusCode,
          code: failure?.code,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
          ...(failure?.err !== undefined ? { err: failure.err } : {}),
        },
        failure?.reason ?? 'request failed',
      );
    }
    done();
  });
}
