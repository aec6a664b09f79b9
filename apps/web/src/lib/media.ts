import { MEDIA_STORED_WIDTH, MEDIA_WIDTHS } from '@dalil/contracts/constants';

// Stored images are '<content hash>.webp' names; each smaller width is its own object under
// 'w<width>/', and the largest width is the stored image itself.
// They load from /media on this origin until GET /api/config names another base (a CDN or the
// bucket itself, MEDIA_PUBLIC_URL); /media keeps working either way.

let mediaBase = '/media';

/** Called once /api/config has answered. */
export function setMediaBase(url: string): void {
  if (url) mediaBase = url.replace(/\/+$/, '');
}

export function mediaUrl(name: string, width?: (typeof MEDIA_WIDTHS)[number]): string {
  const file = encodeURIComponent(name);
  return width && width < MEDIA_STORED_WIDTH ? `${mediaBase}/w${width}/${file}` : `${mediaBase}/${file}`;
}

/** A `srcset` over every stored width, for <img sizes="...">. */
export function mediaSrcSet(name: string): string {
  return MEDIA_WIDTHS.map((w) => `${mediaUrl(name, w)} ${w}w`).join(', ');
}
