import { MEDIA_WIDTHS } from '@dalil/contracts/constants';

// Stored images are 'publicid.webp' names served by the API under /media (GET /api/config's
// mediaBaseUrl is always '/media' on this origin). Widths come from a fixed set the server caches.

const MEDIA_BASE = '/media';

export function mediaUrl(name: string, width?: (typeof MEDIA_WIDTHS)[number]): string {
  const base = `${MEDIA_BASE}/${encodeURIComponent(name)}`;
  return width ? `${base}?w=${width}` : base;
}

/** A `srcset` over every cached width, for <img sizes="...">. */
export function mediaSrcSet(name: string): string {
  return MEDIA_WIDTHS.map((w) => `${mediaUrl(name, w)} ${w}w`).join(', ');
}
