import type { Family } from '@dalil/contracts/families';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { countsOf } from '../../../lib/plural';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { catalogPrintHref } from '../../../lib/paths';
import { nameColumns, nameOf } from '../resource-kit/name-columns';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';
import { statusColumn, useStatusFilter } from '../admin-kit/publication-list';

const api = resourceApis.families;

/** Family List: id, Name Ar, Name En, Status (drafts marked), Actions; filtered by status; a delete first shows the linked counts. */
export function FamilyListPage() {
  const { t, i18n } = useTranslation();
  const status = useStatusFilter();
  return (
    <ListKit<Family>
      {...resourceListProps('families', i18n.language)}
      filterKeys={status.filterKeys}
      filters={status.control}
      columns={[...nameColumns<Family>(t), statusColumn<Family>(t, i18n.language)]}
      rowLabel={(row) => nameOf(row, i18n.language)}
      rowLinks={(row) => [
        {
          label: t('admin.list.print'),
          icon: <PrintOutlined fontSize="small" />,
          to: catalogPrintHref(row.id),
          newTab: true,
        },
      ]}
      deletion={{
        remove: api.remove,
        linked: {
          load: async (id, signal) => {
            const { categories, products } = (await api.one(id, signal)).counts;
            return { categories, products };
          },
          message: (counts) => t('admin.remove.family', countsOf(t, i18n.language, counts)),
        },
      }}
    />
  );
}
