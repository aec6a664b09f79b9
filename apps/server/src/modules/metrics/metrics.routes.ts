import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors';
import { metricsAllowed, scrape } from './metrics-access';

export const METRICS_PATH = '/metrics';

/**
 * Metrics for an operator (docs/architecture.md, "Operations"). Off unless METRICS_TOKEN or
 * METRICS_PORT is set; then every answer is timed by its route pattern (never the raw URL, which
 * would make a series per product id). With METRICS_TOKEN alone, GET /metrics on the app's own port
 * asks for that bearer token; with METRICS_PORT, main.ts serves it on that port instead, and this
 * port has no /metrics (404).
 */
export function metricsRoutes(app: FastifyInstance) {
  const { config, metrics, database } = app.ctx;
  const { token, port } = config.metrics;
  if (token === null && port === null) return;
  metrics.enable({ engine: database.engine, media_store: config.media.store });
  // One onResponse hook for every answer (each hook a request passes through costs it time): the
  // route pattern, never the raw URL, picks the recorder, made once per pattern; answers no route
  // gave (404s) are `unmatched`.
  const recorders = new Map<string, ReturnType<typeof metrics.requests.recorder>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    let record = recorders.get(route);
    if (!record) recorders.set(route, (record = metrics.requests.recorder(route)));
    record(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (port !== null || token === null) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(token, request.headers.authorization)) {
      throw new HttpError(401, 'auth.metricsToken', {}, { headers: { 'www-authenticate': 'Bearer' } });
    }
    const { contentType, body } = await scrape(metrics);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
