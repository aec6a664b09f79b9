import { CATALOGUE_PAGE_SIZE } from '@dalil/contracts/constants';
import type { SearchResult } from '@dalil/contracts/search';
import Box from '@mui/material/Box';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ProductCard, ProductCardSkeleton } from './product-card';
import { ProductGrid } from './product-grid';
import { paths } from '../../lib/paths';
import { pageCount } from './catalog-query';
import { DeferredPagination } from './deferred-pagination';

// Shown only when nothing matches: its link and icon load then, not with the first screen.
const EmptyResults = lazy(async () => ({ default: (await import('./empty-results')).EmptyResults }));

interface ProductResultsProps {
  result: SearchResult | undefined;
  /** True while the shown page is not the asked-for one yet. */
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  onReset?: () => void;
  /** Router state for the product links: where the product page's back button returns. */
  linkState: unknown;
  /** Where a did-you-mean suggestion leads: this screen searching for it. */
  suggestionLink?: (text: string) => string;
}

/** The product grid with skeletons, the empty state and numbered pagination. */
export const ProductResults = memo(function ProductResults({
  result,
  loading,
  page,
  onPage,
  onReset,
  linkState,
  suggestionLink,
}: ProductResultsProps) {
  const { t } = useTranslation();
  const pages = pageCount(result?.count, CATALOGUE_PAGE_SIZE);
  if (!loading && result?.count === 0) {
    const suggestions =
      suggestionLink && result.suggestions?.map((text) => ({ text, to: suggestionLink(text) }));
    return (
      <Suspense fallback={null}>
        <EmptyResults onReset={onReset} suggestions={suggestions} />
      </Suspense>
    );
  }
  const skeletons = Math.min(CATALOGUE_PAGE_SIZE, result?.data.length || 10);
  return (
    <Box>
      <ProductGrid
        aria-busy={loading}
        aria-label={loading ? t('catalog.main.loadingProducts') : t('catalog.main.products')}
      >
        {loading || !result
          ? Array.from({ length: skeletons }, (_, i) => (
              // Keys that no product id can take: a card must not reuse a skeleton's <li> (the
              // reused node counts as a layout shift).
              <li key={`skeleton-${i}`}>
                <ProductCardSkeleton />
              </li>
            ))
          : result.data.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  to={paths.catalogProduct(product.id)}
                  state={linkState}
                  priority={index < 2}
                />
              </li>
            ))}
      </ProductGrid>
      {pages > 1 && <DeferredPagination pages={pages} page={page} onPage={onPage} />}
    </Box>
  );
});
