import type { User } from '@dalil/contracts/users';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ListKit } from '../../../components/list-kit';
import { paths } from '../../../lib/paths';
import { userApi } from './user-api';

/** Spec section 2, User List: id, First Name, Last Name, Username, Actions. */
export function UserListPage() {
  const { t } = useTranslation();
  return (
    <ListKit<User>
      resource="users"
      columns={[
        { id: 'firstName', label: t('admin.list.firstName'), dir: 'auto', render: (row) => row.firstName },
        { id: 'lastName', label: t('admin.list.lastName'), dir: 'auto', render: (row) => row.lastName },
        {
          id: 'username',
          label: t('admin.list.username'),
          render: (row) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span dir="ltr">{row.username}</span>
              {row.role === 'admin' && (
                <Chip size="small" color="primary" variant="outlined" label={t('admin.fields.roleAdmin')} />
              )}
            </Stack>
          ),
        },
      ]}
      fetchPage={userApi.list}
      createPath={paths.userCreate}
      createLabel={t('pages.userCreate')}
      editPath={paths.userEdit}
      rowLabel={(row) => row.username}
      deletion={{
        remove: userApi.remove,
        confirm: { text: t('admin.remove.user'), button: t('admin.remove.deleteUser') },
      }}
    />
  );
}
