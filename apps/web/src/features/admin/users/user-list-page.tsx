import type { User } from '@dalil/contracts/users';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { resourceApis } from '../resource-api';
import { resourceListProps } from '../resource-list';

/** User List: id, First Name, Last Name, Username (administrators marked), Actions. */
export function UserListPage() {
  const { t } = useTranslation();
  return (
    <ListKit<User>
      {...resourceListProps('users', t)}
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
              {row.guest && <Chip size="small" variant="outlined" label={t('admin.fields.guestAccount')} />}
            </Stack>
          ),
        },
      ]}
      rowLabel={(row) => row.username}
      deletion={{
        remove: resourceApis.users.remove,
        confirm: { text: t('admin.remove.user'), button: t('admin.remove.deleteUser') },
      }}
    />
  );
}
