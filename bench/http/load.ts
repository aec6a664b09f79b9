import autocannon from 'autocannon';

export interface HttpLoadResult {
  requests: number;
  /** Connection errors and timeouts: requests that got no answer at all. */
  errors: number;
  non2xx: number;
  /** Answers by status code, e.g. { 200: 91234, 503: 12 }. */
  statuses: Record<number, number>;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * One autocannon run over `paths`, each request taking the next path in turn. Latencies are kept per
 * response (autocannon's summary has no p95); req/s is answered requests over the run's wall time.
 */
export function httpLoad(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
  paths: string[];
}): Promise<HttpLoadResult> {
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        headers: options.headers,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              request.path = options.paths[next++ % options.paths.length]!;
              return request;
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const seconds = (performance.now() - started) / 1000;
        const sorted = latencies.sort((a, b) => a - b);
        resolve({
          requests: r.requests.total,
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
          statuses,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          rps: sorted.length / seconds,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}
