/**
 * How stored images are encoded (docs/decisions/0028-image-encoding.md): the largest stored width
 * and the WebP settings, chosen by measuring bulk imports on a two-core machine.
 */
export const ENCODING = { width: 1280, quality: 82, effort: 2 } as const;
