import type { VisitorLanguage } from '../../lib/visitor-addresses';

/** The cookie the web app writes when a visitor switches language (apps/web/src/lib/preferences-store.ts). */
const LANGUAGE_COOKIE = 'dalil-lang';

const asLanguage = (value: string | undefined | null): VisitorLanguage | null =>
  value === 'ar' || value === 'en' ? value : null;

/** The language named by the `dalil-lang` cookie, if any. */
function cookieLanguage(header: string | undefined): VisitorLanguage | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === LANGUAGE_COOKIE) return asLanguage(pair.slice(at + 1).trim());
  }
  return null;
}

/** Arabic or English, whichever Accept-Language prefers (by q, then order); null when it names neither. */
function acceptedLanguage(header: string | undefined): VisitorLanguage | null {
  if (!header) return null;
  let best: { language: VisitorLanguage; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = asLanguage(tag.trim().toLowerCase().split('-')[0]);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q) && q > 0 && (best === null || q > best.q)) best = { language, q };
  }
  return best?.language ?? null;
}

export interface PageLanguage {
  language: VisitorLanguage;
  /** Whether the address itself named it (`?lang=`): otherwise the answer varies with the headers. */
  fromAddress: boolean;
}

/**
 * A visitor page's language: the address's `lang` decides; without one the visitor's last choice (the
 * cookie), then the browser's Accept-Language, then Arabic.
 */
export function pageLanguage(
  query: URLSearchParams,
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
): PageLanguage {
  const named = asLanguage(query.get('lang'));
  if (named) return { language: named, fromAddress: true };
  return {
    language: cookieLanguage(headers.cookie) ?? acceptedLanguage(headers['accept-language']) ?? 'ar',
    fromAddress: false,
  };
}
