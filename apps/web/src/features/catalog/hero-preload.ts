import { mediaSrcSet, mediaUrl } from '../../lib/media';
import { paths } from '../../lib/paths';
import { restoreFamily } from './catalog-store';
import { HERO_LOGO_SIZES, HERO_SIZES } from './image-sizes';

function preloadImage(name: string, sizes: string, priority: 'high' | 'low'): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = mediaUrl(name, 640);
  // Same srcset and sizes as the <img>, so the browser picks the same file and reuses the response.
  link.setAttribute('imagesrcset', mediaSrcSet(name));
  link.setAttribute('imagesizes', sizes);
  link.setAttribute('fetchpriority', priority);
  document.head.append(link);
}

/**
 * The hero cover is the catalogue's largest paint. When the visitor returns to the catalogue main
 * screen with a family in storage, start fetching its cover while the session check runs, instead of
 * after it, the page code and the first render (Lighthouse: "LCP request discovery").
 */
export function preloadStoredHero(): void {
  if (window.location.pathname !== paths.catalogMain) return;
  // public/boot.js preloads the same files from index.html when it can.
  if (document.querySelector('link[rel="preload"][data-boot="hero"]')) return;
  const family = restoreFamily();
  const linked = new URLSearchParams(window.location.search).get('family');
  if (!family || (linked !== null && linked !== String(family.id))) return;
  const cover = family.cover ?? family.image;
  if (cover) preloadImage(cover, HERO_SIZES, 'high');
  if (family.logo) preloadImage(family.logo, HERO_LOGO_SIZES, 'low');
}
