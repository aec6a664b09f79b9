import type { ApiKey } from '@dalil/contracts/api-keys';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListKit, type ListColumn } from '../../../components/list-kit';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { DateTime } from '../admin-kit/date-time';
import { ChoiceName } from '../form-kit/choice-name';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';
import { quoted, statusOf } from './api-key-values';

const api = resourceApis.apiKeys;
const STATUS_COLOR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

/**
 * API Keys: every key with what it may do and its state (revoked ones stay listed), newest first; a
 * new key through its form, and a revoke from the row menu that asks first, naming the key.
 */
export function ApiKeyListPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => api.revoke({ params: { id: key.id } }),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'apiKeys.revokedDone' });
      void client.invalidateQueries({ queryKey: ['apiKeys'] });
    },
    onError: reportError,
    onSettled: () => setRevoking(null),
  });
  // A key is never edited (its declaration has no edit screen): its row menu has no Edit.
  const listProps = resourceListProps('apiKeys', i18n.language);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const columns: ListColumn<ApiKey>[] = [
    {
      id: 'name',
      label: t('apiKeys.name'),
      dir: 'auto',
      render: (key) => (
        <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 120 }}>
          {key.name}
        </Typography>
      ),
    },
    {
      id: 'prefix',
      label: t('apiKeys.prefix'),
      render: (key) => (
        <Typography
          variant="body2"
          component="code"
          dir="ltr"
          sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
        >
          {key.prefix}…
        </Typography>
      ),
    },
    {
      id: 'role',
      label: t('apiKeys.role'),
      render: (key) => t(key.role === 'editor' ? 'apiKeys.roleEditor' : 'apiKeys.roleReader'),
    },
    {
      id: 'families',
      label: t('apiKeys.families'),
      render: (key) =>
        key.families.map((id, index) => (
          <Fragment key={id}>
            {index > 0 && t('admin.users.separator')}
            <ChoiceName resource="families" id={id} />
          </Fragment>
        )),
    },
    {
      id: 'created',
      label: t('apiKeys.created'),
      render: (key) => (
        <DateTime
          time={key.createdAt}
          by={t('apiKeys.createdBy', { name: quoted(key.createdBy.username) })}
        />
      ),
    },
    {
      id: 'expires',
      label: t('apiKeys.expires'),
      render: (key) => <DateTime time={key.expiresAt} none={t('apiKeys.never')} />,
    },
    {
      id: 'lastUsed',
      label: t('apiKeys.lastUsed'),
      render: (key) => <DateTime time={key.lastUsedAt} none={t('apiKeys.notUsed')} />,
    },
    {
      id: 'status',
      label: t('apiKeys.status'),
      render: (key) => {
        const status = statusOf(key, Date.now());
        return (
          <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLOR[status]}
              label={t(`apiKeys.${status}`)}
            />
            {key.revokedAt && (
              <Typography variant="caption" color="text.secondary">
                {day.format(new Date(key.revokedAt))}
              </Typography>
            )}
          </Stack>
        );
      },
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
        {t('apiKeys.intro')}
      </Typography>
      <ListKit<ApiKey>
        {...listProps}
        columns={columns}
        rowLabel={(key) => key.name}
        rowLinks={(key) =>
          key.revokedAt === null
            ? [
                {
                  label: t('apiKeys.revoke'),
                  icon: <BlockOutlined fontSize="small" color="error" />,
                  onClick: () => setRevoking(key),
                },
              ]
            : []
        }
      />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t('apiKeys.revokeTitle', { name: quoted(revoking.name) }) : ''}
        text={revoking ? t('apiKeys.revokeText', { name: quoted(revoking.name) }) : ''}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
