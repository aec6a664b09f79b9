import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Paths to request in turn; each request takes the next one (distinct queries stay distinct). */
  paths: string[];
  /** Stop after this many requests... */
  amount?: number;
  /** ...or after this many seconds. */
  duration?: number;
  /** Requests per second over all connections (a light background probe); unset means flat out. */
  overallRate?: number;
  /** Seconds a request may take before it counts as an error (default 30). */
  timeout?: number;
}

export interface LoadResult {
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

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface RunningLoad {
  stop(): void;
  result: Promise<LoadResult>;
}

/**
 * One autocannon run, each request taking the next path in turn. Latencies are collected per response (autocannon's own summary has no p95);
 * req/s is completed responses over the run's wall time.
 */
export function startLoad(options: LoadOptions): RunningLoad {
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let started = 0;
  let settle: { resolve: (r: LoadResult) => void; reject: (e: unknown) => void } | undefined;
  const result = new Promise<LoadResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const done = (err: unknown, r: autocannon.Result) => {
    if (err) return settle!.reject(err);
    const seconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    settle!.resolve({
      requests: r.requests.total,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      statuses,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      rps: sorted.length / seconds,
    });
  };
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      headers: options.headers ?? {},
      ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.duration ?? 10 }),
      ...(options.overallRate !== undefined ? { overallRate: options.overallRate } : {}),
      timeout: options.timeout ?? 30,
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
    done,
  );
  started = performance.now();
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  return { stop: () => instance.stop(), result };
}

export const runLoad = (options: LoadOptions) => startLoad(options).result;
