import { CATALOGUE_PAGE_SIZE } from '@dalil/contracts/constants';
import type { SearchResult } from '@dalil/contracts/search';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductCard, ProductCardSkeleton } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { paths } from '../../lib/paths';
import { pageCount } from './catalog-query';
import { EmptyResults } from './empty-results';

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
    return <EmptyResults onReset={onReset} suggestions={suggestions} />;
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
      {pages > 1 && (
        <Box
          component="nav"
          aria-label={t('catalog.main.pagination')}
          sx={{ display: 'flex', justifyContent: 'center', mt: { xs: 3, sm: 4 } }}
        >
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, next) => onPage(next)}
            color="primary"
            shape="rounded"
            size="large"
            siblingCount={1}
            boundaryCount={1}
            sx={{
              '& .MuiPaginationItem-root.Mui-selected, & .MuiPaginationItem-root.Mui-selected:hover': {
                bgcolor: (theme) =>
                  theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.main,
              },
            }}
            getItemAriaLabel={(type, itemPage, selected) =>
              type === 'page'
                ? t(selected ? 'catalog.main.currentPage' : 'catalog.main.pageItem', { page: itemPage ?? 0 })
                : type === 'next'
                  ? t('catalog.main.nextPage')
                  : type === 'previous'
                    ? t('catalog.main.previousPage')
                    : ''
            }
          />
        </Box>
      )}
    </Box>
  );
});
