import type { FastifyInstance, onResponseHookHandler } from 'fastify';
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
  // Each route records through its own recorder, made once when the route is added, so an answer
  // costs no label lookup; answers no route gave (404s) are `unmatched`.
  app.addHook('onRoute', (route) => {
    const record = metrics.requests.recorder(route.url);
    const timing: onResponseHookHandler = (request, reply, done) => {
      record(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    const existing = route.onResponse ? [route.onResponse].flat() : [];
    route.onResponse = [...existing, timing];
  });
  const unmatched = metrics.requests.recorder('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (port !== null || token === null) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(token, request.headers.authorization)) {
      throw new HttpError(401, 'The metrics need the operator’s bearer token', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    const { contentType, body } = await scrape(metrics);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
