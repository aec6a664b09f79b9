import type { Product } from '@dalil/contracts/products';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { useFamilyFilters } from '../admin-kit/use-family-filters';
import { nameColumns, nameOf } from '../resource-kit/name-columns';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';

/** Product List: id, Name Ar, Name En, Actions; filtered by family, then by one of its categories. */
export function ProductListPage() {
  const { t, i18n } = useTranslation();
  return (
    <ListKit<Product>
      {...resourceListProps('products', t)}
      {...useFamilyFilters({ category: true })}
      columns={nameColumns(t)}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: resourceApis.products.remove,
        confirm: { text: t('admin.remove.product'), button: t('admin.remove.deleteProduct') },
      }}
    />
  );
}
