import Box from '@mui/material/Box';
import { lazy, Suspense, useRef } from 'react';
import type { CatalogPaginationProps } from './catalog-pagination';
import { useWanted } from './use-wanted';

// MUI's Pagination (about 3 KB compressed) sits under 25 product cards, below the first screen: it
// loads once the visitor scrolls, types, taps or clicks, or the place it takes comes within a screen
// of the viewport, or at once on a later page (docs/performance.md, "First visit").
const CatalogPagination = lazy(async () => {
  const module = await import('./catalog-pagination');
  loaded = true;
  return { default: module.CatalogPagination };
});
let loaded = false;

/** The pagination, or until it is wanted, an empty band of its height (so nothing shifts). */
export function DeferredPagination(props: CatalogPaginationProps) {
  const band = useRef<HTMLDivElement>(null);
  // Beyond page 1 the visitor is already paging (or followed a link to a later page): no waiting.
  const wanted = useWanted(band, '100% 0px', loaded || props.page > 1);
  const placeholder = <Box ref={band} aria-hidden sx={{ mt: { xs: 3, sm: 4 }, minHeight: 40 }} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CatalogPagination {...props} />
    </Suspense>
  );
}
