import type { ApiKey } from '@dalil/contracts/api-keys';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { apiKeysApi } from './api-keys-api';
import { SecretDialog } from '../admin-kit/secret-dialog';
import { TableCard } from '../admin-kit/table-card';
import { TableIntro } from '../admin-kit/table-intro';
import { ApiKeyRow } from './api-key-row';
import { NewKeyDialog } from './new-key-dialog';

const QUERY_KEY = ['api-keys'];
const COLUMNS = ['name', 'prefix', 'role', 'families', 'created', 'expires', 'lastUsed', 'status'] as const;

/** A key's name in a sentence, in a bidi isolate so a Latin name does not pull Arabic words along. */
const quoted = (key: ApiKey) => `\u2068${key.name}\u2069`;

/**
 * The API keys other systems use: every key with what it may do and its state (revoked ones stay,
 * greyed), a new key whose secret is shown once, and a revoke that asks first, naming the key.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => apiKeysApi.list(signal) });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => apiKeysApi.revoke(key.id),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'apiKeys.revokedDone' });
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: reportError,
    onSettled: () => setRevoking(null),
  });
  const keys = list.data?.data ?? [];
  // Expired means expired when the list was read: it is read again on every visit and change.
  const now = list.dataUpdatedAt;
  return (
    <TableCard
      head={
        <TableIntro
          text={t('apiKeys.intro')}
          create={t('apiKeys.create')}
          onCreate={() => setCreating(true)}
        />
      }
      label={t('pages.apiKeys')}
      columns={COLUMNS.map((column) => t(`apiKeys.${column}`))}
      empty={list.isSuccess && keys.length === 0 && t('apiKeys.none')}
    >
      {keys.map((key) => (
        <ApiKeyRow
          key={key.id}
          apiKey={key}
          now={now}
          busy={revoke.isPending}
          onRevoke={() => setRevoking(key)}
        />
      ))}
      <NewKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setShown({ name: created.name, secret: created.secret });
          void client.invalidateQueries({ queryKey: QUERY_KEY });
        }}
      />
      <SecretDialog
        secret={shown?.secret ?? null}
        texts={{
          title: shown ? t('apiKeys.secretTitle', { name: `\u2068${shown.name}\u2069` }) : '',
          warning: t('apiKeys.secretWarning'),
          secret: t('apiKeys.secret'),
          example: t('apiKeys.example'),
        }}
        example={`curl -H "Authorization: Bearer ${shown?.secret ?? ''}" \\\n  "${window.location.origin}${API_BASE}${API_PATHS.products}?limit=10"`}
        onClose={() => setShown(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t('apiKeys.revokeTitle', { name: quoted(revoking) }) : ''}
        text={revoking ? t('apiKeys.revokeText', { name: quoted(revoking) }) : ''}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </TableCard>
  );
}
