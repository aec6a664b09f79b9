import type { Category } from '@dalil/contracts/categories';
import { countsOf } from '../../../lib/plural';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { ChoiceName } from '../form-kit/choice-name';
import { useFamilyFilters } from '../admin-kit/use-family-filters';
import { nameColumns, nameOf } from '../resource-kit/name-columns';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';

const api = resourceApis.categories;

/** Category List: id, Name Ar, Name En, Parent, Actions, with a family filter. */
export function CategoryListPage() {
  const { t, i18n } = useTranslation();
  return (
    <ListKit<Category>
      {...resourceListProps('categories', i18n.language)}
      {...useFamilyFilters()}
      columns={[
        ...nameColumns<Category>(t),
        {
          id: 'parent',
          label: t('admin.list.parent'),
          render: (row) => (row.parent === null ? '' : <ChoiceName resource="categories" id={row.parent} />),
        },
      ]}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: api.remove,
        linked: {
          // A sub-category's products stay in its parent, so its dialog says so instead of counting losses.
          load: async (id, signal) => {
            const category = await api.one(id, signal);
            return { ...category.counts, isSub: category.parent === null ? 0 : 1 };
          },
          message: (counts) =>
            t(
              counts.isSub
                ? 'admin.remove.subCategory'
                : (counts.subCategories ?? 0) > 0
                  ? 'admin.remove.categoryWithSubs'
                  : 'admin.remove.category',
              countsOf(t, i18n.language, counts),
            ),
        },
      }}
    />
  );
}
