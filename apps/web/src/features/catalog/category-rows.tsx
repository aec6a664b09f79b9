import Box from '@mui/material/Box';
import { useTranslation } from '../../lib/i18n';
import { CategoryToggles } from './category-toggles';
import { useCategoryRows } from './use-category-rows';

interface CategoryRowsProps {
  family: number;
  /** The chosen category or sub-category (the address keeps one id). */
  value: number | null;
  onChange: (category: number | null) => void;
  counts?: ReadonlyMap<number, number> | undefined;
}

/**
 * The top-level categories in one row; when the chosen one has sub-categories, a second row lists
 * them. Choosing a sub-category keeps its parent chosen in the first row; "All" in the second row
 * goes back to the whole parent. Each row loads more from the server as it is scrolled to its end.
 */
export function CategoryRows({ family, value, onChange, counts }: CategoryRowsProps) {
  const { t } = useTranslation();
  const rows = useCategoryRows(family, value);
  const choose = (category: number | null) => {
    rows.remember(category);
    onChange(category);
  };
  const { first, second, parentId } = rows;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <CategoryToggles
        categories={first.categories}
        value={parentId}
        onChange={choose}
        counts={counts}
        hasMore={first.hasMore}
        loadingMore={first.loadingMore}
        onMore={first.loadMore}
      />
      {parentId !== null && second.categories && second.categories.length > 0 && (
        <CategoryToggles
          categories={second.categories}
          value={rows.subId}
          onChange={(sub) => choose(sub ?? parentId)}
          counts={counts}
          label={t('catalog.main.subCategories')}
          hasMore={second.hasMore}
          loadingMore={second.loadingMore}
          onMore={second.loadMore}
        />
      )}
    </Box>
  );
}
