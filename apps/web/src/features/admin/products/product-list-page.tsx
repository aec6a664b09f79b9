import type { Product } from '@dalil/contracts/products';
import { useTranslation } from 'react-i18next';
import { ListKit } from '../../../components/list-kit';
import { useListParams } from '../../../components/list-kit-params';
import { paths } from '../../../lib/paths';
import { ListFilter } from '../list-filters';
import { nameColumns, nameOf } from '../name-columns';
import { useCategoryOptions, useFamilyOptions } from '../options';
import { productApi } from './product-api';

const FILTERS = ['family', 'category'] as const;

/** Spec section 2, Product List: id, Name Ar, Name En, Actions; filters by family, then category. */
export function ProductListPage() {
  const { t, i18n } = useTranslation();
  const { filters, setFilter } = useListParams(FILTERS);
  const families = useFamilyOptions();
  const categories = useCategoryOptions(filters.family);
  return (
    <ListKit<Product>
      resource="products"
      columns={nameColumns(t)}
      fetchPage={productApi.list}
      filterKeys={FILTERS}
      filters={
        <>
          <ListFilter
            label={t('admin.list.filterFamily')}
            allLabel={t('admin.list.allFamilies')}
            value={filters.family ?? ''}
            options={families}
            onChange={(value) => setFilter('family', value, { category: '' })}
          />
          <ListFilter
            label={t('admin.list.filterCategory')}
            allLabel={t('admin.list.allCategories')}
            value={filters.category ?? ''}
            options={categories}
            onChange={(value) => setFilter('category', value)}
            disabled={!filters.family}
          />
        </>
      }
      createPath={paths.productCreate}
      createLabel={t('pages.productCreate')}
      editPath={paths.productEdit}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: productApi.remove,
        confirm: { text: t('admin.remove.product'), button: t('admin.remove.deleteProduct') },
      }}
    />
  );
}
