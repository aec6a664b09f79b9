import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useTranslation } from '../../lib/i18n';

export interface CatalogPaginationProps {
  pages: number;
  page: number;
  onPage: (page: number) => void;
}

/** Numbered pages under the product grid (loaded by deferred-pagination.tsx). */
export function CatalogPagination({ pages, page, onPage }: CatalogPaginationProps) {
  const { t } = useTranslation();
  return (
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
  );
}
