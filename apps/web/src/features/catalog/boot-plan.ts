import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { MAX_LIST_LIMIT, MEDIA_WIDTHS, REQUEST_TIMEOUT_MS } from '@dalil/contracts/constants';
import {
  CHOOSER_EAGER_CARDS,
  FAMILY_COVER_SIZES,
  HERO_LOGO_SIZES,
  HERO_SIZES,
  PRODUCT_IMAGE_SIZES,
} from './image-sizes';

/**
 * What public/boot.js needs to start the first screen's requests exactly as the app makes them (the
 * same addresses, query and timeout, so the app takes their answers over instead of asking again:
 * lib/boot-requests.ts) and to preload images with the app's srcset and sizes. The build and the dev
 * server write it into boot.js's boot-plan placeholder (vite.config.ts).
 */
export function bootPlan() {
  const families = new URLSearchParams({ limit: String(MAX_LIST_LIMIT), skip: '0' });
  return {
    timeoutMs: REQUEST_TIMEOUT_MS,
    config: `${API_BASE}${API_PATHS.config}`,
    login: `${API_BASE}${API_PATHS.userLogin}`,
    session: `${API_BASE}${API_PATHS.userAuth}`,
    /** The chooser's list (features/catalog/catalog-api.ts, familiesQuery). */
    families: `${API_BASE}${API_PATHS.families}?${families.toString()}`,
    /** Followed by the product's id. */
    product: `${API_BASE}${API_PATHS.products}/`,
    /** Where images load from until GET /api/config names another base (lib/media.ts). */
    media: '/media',
    widths: MEDIA_WIDTHS,
    /** The chooser's cards whose covers boot.js preloads. */
    chooserEagerCards: CHOOSER_EAGER_CARDS,
    sizes: {
      hero: HERO_SIZES,
      heroLogo: HERO_LOGO_SIZES,
      product: PRODUCT_IMAGE_SIZES,
      familyCover: FAMILY_COVER_SIZES,
    },
  };
}
