import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CatalogPaginationProps } from './catalog-pagination';

// MUI's Pagination (about 3 KB compressed) sits under 25 product cards, below the first screen: it
// loads once the visitor scrolls, types, taps or clicks, or the place it takes comes within a screen
// of the viewport, or at once on a later page (docs/performance.md, "First visit").
const CatalogPagination = lazy(async () => {
  const module = await import('./catalog-pagination');
  loaded = true;
  return { default: module.CatalogPagination };
});
let loaded = false;

const WAKE_EVENTS = ['scroll', 'keydown', 'pointerdown', 'touchstart'] as const;

/** The pagination, or until it is wanted, an empty band of its height (so nothing shifts). */
export function DeferredPagination(props: CatalogPaginationProps) {
  const band = useRef<HTMLDivElement>(null);
  // Beyond page 1 the visitor is already paging (or followed a link to a later page): no waiting.
  const [wanted, setWanted] = useState(loaded || props.page > 1);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { once: true, passive: true, capture: true };
    for (const type of WAKE_EVENTS) window.addEventListener(type, want, options);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
            rootMargin: '100% 0px',
          })
        : null;
    // Without IntersectionObserver (old browsers, test DOMs) it simply loads.
    if (!observer) want();
    else if (band.current) observer.observe(band.current);
    return () => {
      observer?.disconnect();
      for (const type of WAKE_EVENTS) window.removeEventListener(type, want, options);
    };
  }, [wanted]);
  const placeholder = <Box ref={band} aria-hidden sx={{ mt: { xs: 3, sm: 4 }, minHeight: 40 }} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CatalogPagination {...props} />
    </Suspense>
  );
}
