// The `sizes` of the catalogue's first-screen images. public/boot.js preloads some of them before the
// app has loaded, with these values written into it at build time (boot-plan.ts), so its preload and
// the app's <img> pick the same file and the browser fetches it once.

/** The catalogue main screen's hero cover, and the family logo on it. */
export const HERO_SIZES = '(min-width: 1200px) 1152px, 100vw';
export const HERO_LOGO_SIZES = '84px';

/** The product page's image: the page's largest paint. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1200px) 520px, (min-width: 900px) 44vw, 100vw';

/** A family card's cover on the chooser. */
export const FAMILY_COVER_SIZES = '(min-width: 1200px) 380px, (min-width: 600px) 31vw, 100vw';

/** How many of the chooser's first cards load their images at once, at high priority. */
export const CHOOSER_EAGER_CARDS = 3;
