import type { FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import type { Config } from '../config/config';
import { errorMessage } from '@dalil/contracts/error-codes';
import { HttpError } from './errors';

/** The two languages every visitor page has an address in (`?lang=ar`, `?lang=en`). */
export type VisitorLanguage = 'ar' | 'en';
export const VISITOR_LANGUAGES: readonly VisitorLanguage[] = ['ar', 'en'];

/**
 * The language an address names, or null for the address without `lang`: the one a visitor with no
 * link to a language gets, answered in the visitor's stored choice, else the browser's, else Arabic
 * (hreflang's x-default).
 */
export type AddressLanguage = VisitorLanguage | null;

/** A visitor page, as the web app's routes name them (apps/web/src/lib/paths.ts). */
export type VisitorPage =
  | { kind: 'chooser' }
  | { kind: 'catalog'; family: number; category?: number | null; search?: string; page?: number }
  | { kind: 'product'; id: number };

/**
 * The site's public origin: PUBLIC_URL when set (a proxy in front), else the request's own protocol
 * and host, which Fastify reads from X-Forwarded-* only when TRUST_PROXY trusts the peer.
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const { protocol, host } = request;
  if (protocol !== 'http' && protocol !== 'https') throw badHeader('X-Forwarded-Proto', 'header.notProto');
  if (!isHost(host)) {
    // Fastify reads X-Forwarded-Host instead of Host only when a trusted proxy sent it.
    const header = host === (request.headers.host ?? '') ? 'Host' : 'X-Forwarded-Host';
    throw badHeader(header, 'header.notHost');
  }
  return `${protocol}://${host}`;
}

/** A name (letters, digits, `-`, `_`, dots) or an IPv6 address in brackets, then an optional port. */
const HOST = /^(?:([A-Za-z0-9_][A-Za-z0-9_.-]{0,252})|\[([0-9A-Fa-f:.]+)\])(?::(\d{1,5}))?$/;

function isHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const [, name, ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  if (name?.includes('..')) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

const badHeader = (header: string, problem: 'header.notProto' | 'header.notHost') =>
  new HttpError(
    400,
    'request.badHeader',
    { header, problem: errorMessage(problem, {}) },
    { details: [{ path: `headers.${header.toLowerCase()}`, code: problem }] },
  );

/** The path and query of a visitor page at the address of one language, or at the one without. */
export function visitorPath(page: VisitorPage, lang: AddressLanguage): string {
  const params = new URLSearchParams();
  let path: string;
  if (page.kind === 'chooser') path = '/catalog/family';
  else if (page.kind === 'product') path = `/catalog/main/${page.id}`;
  else {
    path = '/catalog/main';
    params.set('family', String(page.family));
    if (page.search?.trim()) params.set('search', page.search.trim());
    if (page.category != null) params.set('category', String(page.category));
    if (page.page !== undefined && page.page > 1) params.set('page', String(page.page));
  }
  if (lang !== null) params.set('lang', lang);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The absolute address of a visitor page in one language, or without one. */
export function visitorAddress(origin: string, page: VisitorPage, lang: AddressLanguage): string {
  return origin + visitorPath(page, lang);
}
