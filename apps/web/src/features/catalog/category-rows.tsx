import type { Category } from '@dalil/contracts/categories';
import Box from '@mui/material/Box';
import { useTranslation } from '../../lib/i18n';
import { CategoryToggles } from './category-toggles';

interface CategoryRowsProps {
  categories: Category[] | undefined;
  /** The chosen category or sub-category (the address keeps one id). */
  value: number | null;
  onChange: (category: number | null) => void;
  counts?: ReadonlyMap<number, number> | undefined;
}

/**
 * The top-level categories in one row; when the chosen one has sub-categories, a second row lists
 * them. Choosing a sub-category keeps its parent chosen in the first row; "All" in the second row
 * goes back to the whole parent.
 */
export function CategoryRows({ categories, value, onChange, counts }: CategoryRowsProps) {
  const { t } = useTranslation();
  const chosen = categories?.find((c) => c.id === value);
  const parentId = chosen ? (chosen.parent ?? chosen.id) : value;
  const top = categories?.filter((c) => c.parent === null);
  const children = categories?.filter((c) => parentId !== null && c.parent === parentId) ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <CategoryToggles categories={top} value={parentId} onChange={onChange} counts={counts} />
      {children.length > 0 && (
        <CategoryToggles
          categories={children}
          value={chosen?.parent === null ? null : value}
          onChange={(sub) => onChange(sub ?? parentId)}
          counts={counts}
          label={t('catalog.main.subCategories')}
        />
      )}
    </Box>
  );
}
