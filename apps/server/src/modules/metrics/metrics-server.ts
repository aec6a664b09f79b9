import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../lib/metrics';
import { metricsAllowed, scrape } from './metrics-access';
import { METRICS_PATH } from './metrics.routes';

/**
 * GET /metrics on a port of its own (METRICS_PORT), for an operator's network to reach while the
 * app's port faces the public: started by main.ts beside the app, never by buildApp. It answers
 * nothing else. METRICS_TOKEN, when also set, is asked for here too.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; token: string | null },
  log: FastifyBaseLogger,
): Promise<{ server: Server; address: AddressInfo; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (!metricsAllowed(options.token, req.headers.authorization)) {
      res
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
        .end('The metrics need the operator’s bearer token\n');
      return;
    }
    scrape(metrics).then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { server, address: server.address() as AddressInfo, close };
}
