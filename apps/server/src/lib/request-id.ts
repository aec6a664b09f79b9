import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';

const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: short, and nothing that could forge a log line or a header. */
const PROXY_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Whether the peer that sent the request is a proxy TRUST_PROXY trusts (Fastify's own rule). */
function trustsPeer(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

/**
 * Fastify's genReqId: the id of a request in every log line, the `x-request-id` answer header and
 * every error body, so a person's error message leads to its log lines. A reverse proxy's own id is
 * kept when TRUST_PROXY trusts the proxy (its log and ours then agree); a client's is not, so nobody
 * can make their requests share another's id. Otherwise a random UUID: unique across processes.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && PROXY_ID.test(given) && trusted(req.socket.remoteAddress ?? ''))
      return given;
    return randomUUID();
  };
}

const isErrorBody = (payload: unknown): payload is Record<string, unknown> =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { statusCode?: unknown }).statusCode === 'number' &&
  typeof (payload as { error?: unknown }).error === 'string';

/**
 * Every answer names its request id in `x-request-id`, set first so refusals carry it too; every
 * error body (the error handler's, the not-found handler's, a route's own 422) carries it as
 * `requestId`.
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && isErrorBody(payload)) done(null, { ...payload, requestId: request.id });
    else done(null, payload);
  });
}
