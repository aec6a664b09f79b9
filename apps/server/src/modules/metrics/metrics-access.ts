import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metrics } from '../../lib/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the metrics token. No token configured (the metrics
 * listener on its own port, reached only from the operator's network) lets every scrape in.
 * Compared as digests in constant time: the answer's timing says nothing about the token.
 */
export function metricsAllowed(token: string | null, authorization: string | undefined): boolean {
  if (token === null) return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** The scrape: Prometheus's text format, with its content type. */
export async function scrape(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
