import { CATALOGUE_PAGE_SIZE } from '@dalil/contracts/constants';
import type { Family } from '@dalil/contracts/families';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner';
import { catalogPrintHref, paths } from '../../lib/paths';
import { useFirstScreenLater } from '../../lib/use-first-screen-later';
import {
  catalogSearchArgs,
  categoryCountsQuery,
  familiesQuery,
  searchAttributesQuery,
  searchQuery,
} from './catalog-api';
import { CatalogHero } from './catalog-hero';
import {
  catalogQueryString,
  pageCount,
  parseCatalogAddress,
  queryForFamily,
  type CatalogQuery,
} from './catalog-query';
import { CatalogSearchBox } from './catalog-search-box';
import { useCatalogStore } from './catalog-store';
import { CategoryRows } from './category-rows';
import { ProductResults } from './product-results';
import { useCatalogFamily } from './use-catalog-family';

// Loaded only for a family with choice attributes to filter by (docs/decisions/0034-first-visit-budget.md).
const AttributeChips = lazy(() => import('./attribute-chips'));

/** The catalogue main screen: filters live in the URL; the family in state and storage. */
export function CatalogMainPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.toString();
  // One object per URL, so the callbacks built on it stay stable while results render.
  const query = useMemo(() => parseCatalogAddress(new URLSearchParams(search)), [search]);
  const state = useCatalogFamily(query.family);
  const lastQuery = useCatalogStore((s) => s.lastQuery);

  if (state.status === 'missing') return <Navigate to={paths.catalogFamily} replace />;
  if (state.status === 'loading')
    return <CenteredSpinner label={t('catalog.main.loadingProducts')} fullPage={false} />;
  if (query.family === null) {
    // No filters in the link: come back to the last ones shown for this family, or its first page.
    const next = queryForFamily(lastQuery, state.family.id);
    return <Navigate to={`${paths.catalogMain}${catalogQueryString(next)}`} replace />;
  }
  return <CatalogMain query={query} family={state.family} />;
}

interface CatalogMainProps {
  query: CatalogQuery;
  family: Family;
}

function CatalogMain({ query, family }: CatalogMainProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const rememberQuery = useCatalogStore((s) => s.rememberQuery);
  const resultsTop = useRef<HTMLDivElement>(null);
  const families = useQuery(familiesQuery);
  const results = useQuery(searchQuery(catalogSearchArgs(family.id, query)));
  const counts = useQuery(categoryCountsQuery(family.id, query.search, query.attributes));
  const filters = useQuery(searchAttributesQuery(family.id)).data;

  useEffect(() => rememberQuery(location.search), [location.search, rememberQuery]);

  const go = useCallback(
    (next: Partial<CatalogQuery>, replace = false) => {
      void navigate({ search: catalogQueryString({ ...query, ...next }) }, { replace });
    },
    [navigate, query],
  );
  // Typing refines the same visit (replace); a category or a page is a step Back can undo (push).
  // Any filter change goes back to page 1 and keeps the page size of 25.
  const onSearch = useCallback((search: string) => go({ search, page: 1 }, true), [go]);

  const pages = pageCount(results.data?.count, CATALOGUE_PAGE_SIZE);
  const loading = results.isPending || results.isPlaceholderData;
  useEffect(() => {
    // A link to a page past the end (the catalogue shrank): show the last page instead.
    if (!loading && pages > 0 && query.page > pages) go({ page: pages }, true);
  }, [loading, pages, query.page, go]);

  const filtered = query.search.trim() !== '' || query.category !== null || !!query.attributes;
  const onPage = useCallback(
    (page: number) => {
      go({ page });
      // Back to the top of the results, below the sticky bar (jsdom has no scrollIntoView).
      resultsTop.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    },
    [go],
  );
  const onReset = useCallback(() => go({ search: '', category: null, attributes: undefined, page: 1 }), [go]);
  // A suggestion keeps the category and starts again at page 1.
  const suggestionLink = useCallback(
    (search: string) => `${paths.catalogMain}${catalogQueryString({ ...query, search, page: 1 })}`,
    [query],
  );
  const linkState = useMemo(() => ({ from: location.search }), [location.search]);
  // The grid renders in a deferred, interruptible pass: 25 cards arriving at once would otherwise
  // block the main thread (Lighthouse counted the data render among its long tasks). The first
  // render shows skeletons even when the results were fetched early (catalog-prefetch.ts).
  const shown = useDeferredValue(results.data, undefined);
  const shownLoading = useDeferredValue(loading, true);
  // On the app's first screen the hero (what the static shell showed) commits first, the rest next.
  const belowHero = useFirstScreenLater();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2.5, sm: 3 } }}>
      <CatalogHero family={family} companiesDisabled={families.data?.count === 1} />
      {belowHero && (
        <>
          <CatalogSearchBox value={query.search} onCommit={onSearch} />
          <CategoryRows
            family={family.id}
            value={query.category}
            onChange={(category) => go({ category, page: 1 })}
            counts={counts.data}
          />
          {filters && filters.length > 0 && (
            <Suspense>
              <AttributeChips
                family={family.id}
                query={query}
                attributes={filters}
                onChange={(attributes) => go({ attributes, page: 1 })}
              />
            </Suspense>
          )}
          <Box
            ref={resultsTop}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              scrollMarginTop: 88,
            }}
          >
            <Typography role="status" color="text.secondary" sx={{ minHeight: '1.7em', fontSize: '0.95rem' }}>
              {results.data && !loading ? t('catalog.main.results', { count: results.data.count }) : ''}
            </Typography>
            <Button
              component={Link}
              to={catalogPrintHref(family.id, query.category)}
              variant="outlined"
              size="small"
              startIcon={<PrintOutlined />}
              sx={{ flexShrink: 0, bgcolor: 'background.paper' }}
            >
              {t('catalog.main.print')}
            </Button>
          </Box>
          <ProductResults
            result={shown}
            loading={shownLoading}
            page={query.page}
            onPage={onPage}
            onReset={filtered ? onReset : undefined}
            linkState={linkState}
            suggestionLink={suggestionLink}
          />
        </>
      )}
    </Box>
  );
}
