import type { Family } from '@dalil/contracts/families';
import { useTranslation } from 'react-i18next';
import { ListKit } from '../../../components/list-kit';
import { paths } from '../../../lib/paths';
import { nameColumns, nameOf } from '../name-columns';
import { familyApi } from './family-api';

/** Spec section 2, Family List: id, Name Ar, Name En, Actions; delete shows the linked counts. */
export function FamilyListPage() {
  const { t, i18n } = useTranslation();
  return (
    <ListKit<Family>
      resource="families"
      columns={nameColumns(t)}
      fetchPage={familyApi.list}
      createPath={paths.familyCreate}
      createLabel={t('pages.familyCreate')}
      editPath={paths.familyEdit}
      rowLabel={(row) => nameOf(row, i18n.language)}
      deletion={{
        remove: familyApi.remove,
        linked: {
          load: async (id, signal) => (await familyApi.one(id, signal)).counts,
          message: (counts) => t('admin.remove.family', counts),
        },
      }}
    />
  );
}
