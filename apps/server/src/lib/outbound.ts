import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { fieldProblem } from './errors';
import { isGlobalAddress } from './special-addresses';

// Calls Dalil makes to addresses its admins typed (webhook receivers, feed files). Such an address must
// not let an admin, or whoever controls its DNS, reach this machine or its private network: it must
// be https and resolve only to global unicast addresses (lib/special-addresses.ts), checked when it is
// saved and again at every connection (the DNS answer used to connect is the one checked), redirects
// included. Hosts (or a host's one port) listed as allowed skip the check and may use http
// (docs/decisions/0050-outbound-addresses.md).

/** Why an outbound address was refused, in words an admin can act on. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

/** Whether an IP address is not global unicast (loopback, private, documentation, reserved...). */
export const isRefusedAddress = (address: string): boolean => !isGlobalAddress(address);

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** The port a call to the address connects to. */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'http:' ? 80 : 443));

/**
 * An allowed-hosts entry as host and port: `host` allows any port, `host:port` and `[v6]:port` only
 * that one (a bare IPv6 address, or one in brackets, any port).
 */
function allowedEntry(entry: string): { host: string; port: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const named = /^([^:]+):(\d+)$/.exec(entry);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : named ? [named[1]!, named[2]] : [entry];
  // An IPv6 address as a URL writes it (::1 for 0:0::1), to compare with the address's host.
  const written = isIP(host) === 6 ? bareHost(new URL(`http://[${host}]`)) : host.toLowerCase();
  return { host: written, port: port === undefined ? null : Number(port) };
}

/** Whether the address's host and port are ones the operator allowed to be private (and plain http). */
const isAllowedHost = (url: URL, allowedHosts: readonly string[]): boolean => {
  const [host, port] = [bareHost(url), portOf(url)];
  return allowedHosts.some((entry) => {
    const allowed = allowedEntry(entry);
    return allowed.host === host && (allowed.port === null || allowed.port === port);
  });
};

/**
 * Parses an outbound address and applies the rules that need no DNS: http(s) only, https unless the
 * host is allowed, no user name or password in it, and no literal private address.
 */
function parseOutboundUrl(raw: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('must be an address such as https://erp.example/hook');
  }
  const allowed = isAllowedHost(url, allowedHosts);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
    throw new OutboundRefusedError('must be an https address');
  }
  if (url.username || url.password) {
    throw new OutboundRefusedError('must not carry a user name or password');
  }
  const host = bareHost(url);
  if (!allowed && isIP(host) && isRefusedAddress(host)) {
    throw new OutboundRefusedError(`must not point at a private or local address (${host})`);
  }
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup for http(s).request that fails when any answer is a refused address. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((a) => isRefusedAddress(a.address));
    if (bad) {
      return callback(
        Object.assign(
          new OutboundRefusedError(`${hostname} resolves to a private or local address (${bad.address})`),
          {
            code: 'EOUTBOUNDREFUSED',
          },
        ),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/**
 * The save-time check of an address an admin typed: the rules of parseOutboundUrl, and its host must
 * resolve, only to public addresses. Answers 400 naming `field` otherwise.
 */
export async function checkOutboundAddress(
  raw: string,
  allowedHosts: readonly string[],
  field: string,
): Promise<URL> {
  try {
    const url = parseOutboundUrl(raw, allowedHosts);
    const host = bareHost(url);
    if (isAllowedHost(url, allowedHosts) || isIP(host)) return url;
    await new Promise<void>((resolve, reject) => {
      guardedLookup(host, { all: true }, (error) =>
        error
          ? reject(
              error instanceof OutboundRefusedError
                ? error
                : new OutboundRefusedError(`${host} does not resolve`),
            )
          : resolve(),
      );
    });
    return url;
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw fieldProblem(400, field, error.message);
    throw error;
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Hosts exempt from the address rules. */
  allowedHosts: readonly string[];
  /** Redirects followed, each checked like the first address; 0 answers the redirect itself. */
  maxRedirects?: number;
  /** Gives up (rejects) after this long without an answer's headers, and stops the body after it. */
  timeoutMs: number;
  /** Gives up sooner when this aborts (the server is stopping). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The address that answered, after redirects. */
  url: URL;
  /** The body as it arrives: read it or destroy it. */
  body: IncomingMessage;
}

function once(url: URL, init: OutboundRequest): Promise<IncomingMessage> {
  const allowed = isAllowedHost(url, init.allowedHosts);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      // An allowed host may resolve anywhere; any other is checked on the very answer used to connect.
      ...(allowed ? {} : { lookup: guardedLookup }),
      signal: init.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(init.timeoutMs)])
        : AbortSignal.timeout(init.timeoutMs),
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end(init.body);
  });
}

/**
 * Calls an outbound address under the rules above. Rejects with OutboundRefusedError when an address
 * (the first, a redirect's, or any DNS answer) is refused, and with the network's error otherwise.
 */
export async function outboundRequest(raw: string | URL, init: OutboundRequest): Promise<OutboundResponse> {
  let url = parseOutboundUrl(String(raw), init.allowedHosts);
  for (let redirects = init.maxRedirects ?? 0; ; redirects--) {
    const res = await once(url, init);
    const location = res.headers.location;
    if (redirects <= 0 || !location || res.statusCode! < 300 || res.statusCode! >= 400) {
      return { status: res.statusCode!, headers: res.headers, url, body: res };
    }
    res.resume();
    url = parseOutboundUrl(new URL(location, url).href, init.allowedHosts);
  }
}
