import type { Product } from '@dalil/contracts/products';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { useFamilyFilters } from '../admin-kit/use-family-filters';
import { nameColumns, nameOf } from '../resource-kit/name-columns';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';
import { statusColumn, useStatusFilter } from '../admin-kit/publication-list';
import { completenessColumn, useIncompleteFilter } from './completeness';
import { ProductBulkActions } from './bulk-edit';

/**
 * Product List: id, Name Ar, Name En, Status (drafts marked), Complete (percent in each language),
 * Actions; filtered by family, then by one of its categories, by status, and by what is incomplete.
 * Rows ticked, or all matching, change status or category or go to the bin together, undone as one.
 */
export function ProductListPage() {
  const { t, i18n } = useTranslation();
  const byFamily = useFamilyFilters({ category: true });
  const status = useStatusFilter();
  const incomplete = useIncompleteFilter();
  return (
    <ListKit<Product>
      {...resourceListProps('products', i18n.language)}
      filterKeys={[...byFamily.filterKeys, ...status.filterKeys, ...incomplete.filterKeys]}
      filters={
        <>
          {byFamily.filters}
          {status.control}
          {incomplete.control}
        </>
      }
      columns={[
        ...nameColumns<Product>(t),
        statusColumn<Product>(t, i18n.language),
        completenessColumn<Product>(t, i18n.language),
      ]}
      rowLabel={(row) => nameOf(row, i18n.language)}
      bulk={{ noun: 'products', actions: (selection) => <ProductBulkActions selection={selection} /> }}
      deletion={{
        remove: resourceApis.products.remove,
        confirm: { text: t('admin.remove.product'), button: t('admin.remove.deleteProduct') },
      }}
    />
  );
}
