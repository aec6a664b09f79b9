import type { Product } from '@dalil/contracts/products';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { useFamilyFilters } from '../admin-kit/use-family-filters';
import { nameColumns, nameOf } from '../resource-kit/name-columns';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';
import { statusColumn, useStatusFilter } from '../admin-kit/publication-list';

/**
 * Product List: id, Name Ar, Name En, Status (drafts marked), Actions; filtered by family, then by one
 * of its categories, and by status.
 */
export function ProductListPage() {
  const { t, i18n } = useTranslation();
  const byFamily = useFamilyFilters({ category: true });
  const status = useStatusFilter();
  return (
    <ListKit<Product>
      {...resourceListProps('products', t)}
      filterKeys={[...byFamily.filterKeys, ...status.filterKeys]}
      filters={
        <>
          {byFamily.filters}
          {status.control}
        </>
      }
      columns={[...nameColumns<Product>(t), statusColumn<Product>(t, i18n.language)]}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: resourceApis.products.remove,
        confirm: { text: t('admin.remove.product'), button: t('admin.remove.deleteProduct') },
      }}
    />
  );
}
