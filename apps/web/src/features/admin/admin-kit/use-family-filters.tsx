import { useTranslation } from '../../../lib/i18n';
import { useListParams } from '../../../components/list-kit-params';
import { ListFilter } from './list-filters';
import { chosenId } from '../form-kit/remote-choice-api';

const BY_FAMILY = ['family'] as const;
const BY_FAMILY_AND_CATEGORY = ['family', 'category'] as const;

/**
 * The family filter of a list, and with `category` the category filter that follows it (a new
 * family clears the category). Spread the result into ListKit: it gives `filterKeys` and `filters`.
 */
export function useFamilyFilters({ category = false }: { category?: boolean } = {}) {
  const { t } = useTranslation();
  const filterKeys = category ? BY_FAMILY_AND_CATEGORY : BY_FAMILY;
  const { filters, setFilter } = useListParams(filterKeys);
  const family = chosenId(filters.family);
  const controls = (
    <>
      <ListFilter
        label={t('admin.list.filterFamily')}
        allLabel={t('admin.list.allFamilies')}
        resource="families"
        value={filters.family ?? ''}
        onChange={(value) => setFilter('family', value, category ? { category: '' } : undefined)}
      />
      {category && (
        <ListFilter
          label={t('admin.list.filterCategory')}
          allLabel={t('admin.list.allCategories')}
          resource="categories"
          scope={{ family: family ?? undefined }}
          value={filters.category ?? ''}
          onChange={(value) => setFilter('category', value)}
          disabled={family === null}
        />
      )}
    </>
  );
  return { filterKeys, filters: controls };
}
