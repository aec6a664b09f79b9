import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';
import type { Direction } from '../lib/preferences-store';

// One cache per direction: the RTL one mirrors every physical property (margins, borders, positions)
// so MUI components and our `sx` styles flip with the document direction.
const caches: Record<Direction, EmotionCache> = {
  ltr: createCache({ key: 'mui', prepend: true }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin], prepend: true }),
};

export function emotionCacheFor(direction: Direction): EmotionCache {
  return caches[direction];
}
