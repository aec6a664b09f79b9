import { errorMessage } from '@dalil/contracts/error-codes';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import type { ErrorBody } from '@dalil/contracts/common';

export interface StartingServer {
  /** The port it holds; the app listens on the same one once it has closed. */
  port: number;
  /** What the start is doing now, as /api/ready says it. */
  reason: string;
  close(): Promise<void>;
}

/**
 * Holds the app's port while the process starts (migrations, which on PostgreSQL may wait for another
 * process's, then the first accounts and the demo catalogue), so a load balancer or an orchestrator
 * sees a process that is up but not ready instead of a refused connection: GET /api/health answers
 * 200, /api/ready and everything else 503 with Retry-After and the reason. main.ts closes it just
 * before the app listens on the same port.
 */
export async function startStartingServer(
  port: number,
  host: string,
  reason: string,
): Promise<StartingServer> {
  const state = { reason };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const requestId = randomUUID();
    if (path === `${API_BASE}${API_PATHS.health}`) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId });
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    const params = { reason: state.reason };
    const body: ErrorBody = {
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'server.starting',
      params,
      message: errorMessage('server.starting', params),
      details: [{ path: 'startup', code: 'server.startingStep', params, message: state.reason }],
      requestId,
    };
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '5',
      'cache-control': 'no-store',
      connection: 'close',
      'x-request-id': requestId,
    });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    get reason() {
      return state.reason;
    },
    set reason(value: string) {
      state.reason = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
