import type { Webhook } from '@dalil/contracts/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { SecretDialog } from '../admin-kit/secret-dialog';
import { TableCard } from '../admin-kit/table-card';
import { TableIntro } from '../admin-kit/table-intro';
import { NewWebhookDialog } from './new-webhook-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookRow } from './webhook-row';
import { WEBHOOKS_KEY, webhooksApi } from './webhooks-api';

const COLUMNS = ['url', 'events', 'families', 'created', 'lastDelivery', 'status'] as const;

/** An address in a sentence, in a bidi isolate so it does not pull Arabic words along. */
const quoted = (webhook: Webhook) => `\u2068${webhook.url}\u2069`;

/** How a receiver checks a message with the secret (the Standard Webhooks library for Node.js). */
const verifyExample = (secret: string) =>
  `import { Webhook } from 'standardwebhooks';\n\n` +
  `const webhook = new Webhook('${secret}');\n` +
  `// Throws unless the body and the webhook-* headers are signed with the secret.\n` +
  `const event = webhook.verify(rawBody, headers);`;

/**
 * The webhooks screen: the list, or one webhook's delivery log when the address names it
 * (`?log=<id>`, so a log can be linked to and Back returns to the list).
 */
export function WebhooksPage() {
  const log = Number(useSearchParams()[0].get('log'));
  return Number.isInteger(log) && log > 0 ? <WebhookDeliveries id={log} /> : <WebhookList />;
}

/**
 * The webhooks that send catalogue changes to other systems: each with its events, families, last
 * delivery and state; a new one whose signing secret is shown once, a switch to turn one off or on,
 * its delivery log, and a delete that asks first, naming the address.
 */
function WebhookList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const list = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => webhooksApi.list(signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const notify = (messageKey: 'webhooks.turnedOn' | 'webhooks.turnedOff' | 'webhooks.removedDone') =>
    useNotifications.getState().show({ severity: 'success', messageKey });
  const turn = useMutation({
    mutationFn: ({ webhook, enabled }: { webhook: Webhook; enabled: boolean }) =>
      webhooksApi.turn(webhook.id, enabled),
    onSuccess: (turned) => notify(turned.enabled ? 'webhooks.turnedOn' : 'webhooks.turnedOff'),
    onError: reportError,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (webhook: Webhook) => webhooksApi.remove(webhook.id),
    onSuccess: () => notify('webhooks.removedDone'),
    onError: reportError,
    onSettled: () => {
      setRemoving(null);
      refresh();
    },
  });
  const webhooks = list.data?.data ?? [];
  return (
    <TableCard
      head={
        <TableIntro
          text={t('webhooks.intro')}
          create={t('webhooks.create')}
          onCreate={() => setCreating(true)}
        />
      }
      label={t('pages.webhooks')}
      columns={COLUMNS.map((column) => t(`webhooks.${column}`))}
      actions
      empty={list.isSuccess && webhooks.length === 0 && t('webhooks.none')}
    >
      {webhooks.map((webhook) => (
        <WebhookRow
          key={webhook.id}
          webhook={webhook}
          busy={turn.isPending || remove.isPending}
          onTurn={(enabled) => turn.mutate({ webhook, enabled })}
          onRemove={() => setRemoving(webhook)}
        />
      ))}
      <NewWebhookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created.secret);
          refresh();
        }}
      />
      <SecretDialog
        secret={secret}
        texts={{
          title: t('webhooks.secretTitle'),
          warning: t('webhooks.secretWarning'),
          secret: t('webhooks.secret'),
          example: t('webhooks.example'),
        }}
        example={verifyExample(secret ?? '')}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('webhooks.removeTitle')}
        text={removing ? t('webhooks.removeText', { url: quoted(removing) }) : ''}
        confirmLabel={t('webhooks.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </TableCard>
  );
}
