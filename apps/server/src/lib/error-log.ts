import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The code of the error an answer came from (Fastify's `FST_...`, a database or system code). */
const errorCodes = new WeakMap<FastifyRequest, string>();

/** Called by the error handler: the code, when the error has one, goes on the request's log line. */
export function noteErrorCode(request: FastifyRequest, code: unknown): void {
  if (typeof code === 'string' && code !== '') errorCodes.set(request, code.slice(0, 64));
}

/**
 * One log line for every error answer (400 and up), however it was made (the error handler, the
 * access guard's refusal, the not-found handler, a route's own 422), so the request id a person sees
 * in an error leads to a line in the log. It names the route pattern, never the raw URL: a query
 * string may carry a secret, and a path a record's id. 4xx lines are `info` (a client's mistake), a
 * 503 `warn` (busy or shutting down, as the error handler logs it), other 5xx `error`.
 *
 * With Fastify's own request lines on (LOG_LEVEL debug or trace), its "request completed" line
 * already carries the status and time of every answer: this one is not added, so a flood of 401s
 * or 404s does not log each twice.
 */
export function registerErrorLog(app: FastifyInstance, options: { requestLogging: boolean }): void {
  if (options.requestLogging) return;
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    if (statusCode >= 400) {
      const level = statusCode < 500 ? 'info' : statusCode === 503 ? 'warn' : 'error';
      request.log[level](
        {
          method: request.method,
          route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
          statusCode,
          code: errorCodes.get(request),
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request failed',
      );
    }
    done();
  });
}
