import type { User } from '@dalil/contracts/users';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Fragment } from 'react';
import { useAccount } from '../../../lib/account';
import { useTranslation } from '../../../lib/i18n';
import { ListKit } from '../../../components/list-kit';
import { ChoiceName } from '../form-kit/choice-name';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';

const ROLE_KEYS = {
  admin: 'admin.fields.roleAdmin',
  editor: 'admin.users.roleEditor',
  user: 'admin.fields.roleUser',
} as const;

/**
 * User List: names, username, role and companies, Actions. The account signed in cannot delete
 * itself, nor anyone the guest account (visitors sign in with it): Delete says why instead of
 * sending a request the server refuses.
 */
export function UserListPage() {
  const { t, i18n } = useTranslation();
  const me = useAccount();
  return (
    <ListKit<User>
      {...resourceListProps('users', i18n.language)}
      columns={[
        { id: 'firstName', label: t('admin.list.firstName'), dir: 'auto', render: (row) => row.firstName },
        { id: 'lastName', label: t('admin.list.lastName'), dir: 'auto', render: (row) => row.lastName },
        {
          id: 'username',
          label: t('admin.list.username'),
          render: (row) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span dir="ltr">{row.username}</span>
              {row.guest && <Chip size="small" variant="outlined" label={t('admin.fields.guestAccount')} />}
            </Stack>
          ),
        },
        {
          id: 'role',
          label: t('admin.fields.role'),
          render: (row) => (
            <Chip
              size="small"
              variant="outlined"
              color={row.role === 'admin' ? 'primary' : 'default'}
              label={t(ROLE_KEYS[row.role])}
            />
          ),
        },
        {
          id: 'families',
          label: t('admin.fields.families'),
          // An administrator's list is ignored; an empty list means every company.
          render: (row) =>
            row.role === 'admin' || row.families.length === 0
              ? t('admin.users.allFamilies')
              : row.families.map((id, index) => (
                  <Fragment key={id}>
                    {index > 0 && t('admin.users.separator')}
                    <ChoiceName resource="families" id={id} />
                  </Fragment>
                )),
        },
      ]}
      rowLabel={(row) => row.username}
      deleteRefusal={(row) =>
        row.id === me?.id ? t('admin.users.notYourself') : row.guest ? t('admin.users.guestKept') : undefined
      }
      deletion={{
        remove: resourceApis.users.remove,
        confirm: { text: t('admin.remove.user'), button: t('admin.remove.deleteUser') },
      }}
    />
  );
}
