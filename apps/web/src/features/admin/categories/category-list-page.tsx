import type { Category } from '@dalil/contracts/categories';
import { useTranslation } from 'react-i18next';
import { ListKit } from '../../../components/list-kit';
import { useListParams } from '../../../components/list-kit-params';
import { paths } from '../../../lib/paths';
import { ListFilter } from '../list-filters';
import { nameColumns, nameOf } from '../name-columns';
import { useFamilyOptions } from '../options';
import { categoryApi } from './category-api';

const FILTERS = ['family'] as const;

/** Spec section 2, Category List: id, Name Ar, Name En, Actions, with a family filter. */
export function CategoryListPage() {
  const { t, i18n } = useTranslation();
  const { filters, setFilter } = useListParams(FILTERS);
  const families = useFamilyOptions();
  return (
    <ListKit<Category>
      resource="categories"
      columns={nameColumns(t)}
      fetchPage={categoryApi.list}
      filterKeys={FILTERS}
      filters={
        <ListFilter
          label={t('admin.list.filterFamily')}
          allLabel={t('admin.list.allFamilies')}
          value={filters.family ?? ''}
          options={families}
          onChange={(value) => setFilter('family', value)}
        />
      }
      createPath={paths.categoryCreate}
      createLabel={t('pages.categoryCreate')}
      editPath={paths.categoryEdit}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: categoryApi.remove,
        linked: {
          load: async (id, signal) => (await categoryApi.one(id, signal)).counts,
          message: (counts) => t('admin.remove.category', counts),
        },
      }}
    />
  );
}
