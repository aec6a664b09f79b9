import type { Category } from '@dalil/contracts/categories';
import { useTranslation } from 'react-i18next';
import { ListKit } from '../../../components/list-kit';
import { useFamilyFilters } from '../use-family-filters';
import { nameColumns, nameOf } from '../name-columns';
import { resourceApis } from '../resource-api';
import { resourceListProps } from '../resource-list';

const api = resourceApis.categories;

/** Category List: id, Name Ar, Name En, Actions, with a family filter. */
export function CategoryListPage() {
  const { t, i18n } = useTranslation();
  return (
    <ListKit<Category>
      {...resourceListProps('categories', t)}
      {...useFamilyFilters()}
      columns={nameColumns(t)}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: api.remove,
        linked: {
          load: async (id, signal) => (await api.one(id, signal)).counts,
          message: (counts) => t('admin.remove.category', counts),
        },
      }}
    />
  );
}
