import { MEDIA_STORED_WIDTH } from '@dalil/contracts/constants';

/**
 * How stored images are encoded (docs/decisions/0028-image-encoding.md): the largest stored width
 * (also the largest display width, so that one is the stored image itself) and the WebP settings,
 * chosen by measuring bulk imports on a two-core machine.
 */
export const ENCODING = { width: MEDIA_STORED_WIDTH, quality: 82, effort: 2 } as const;
