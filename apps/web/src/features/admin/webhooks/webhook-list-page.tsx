import type { Webhook } from '@dalil/contracts/webhooks';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useSearchParams } from 'react-router';
import { ListKit, type ListColumn } from '../../../components/list-kit';
import { codeText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { DateTime } from '../admin-kit/date-time';
import { ChoiceName } from '../form-kit/choice-name';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';
import { DeliveryResult } from './delivery-result';
import { logPath } from './log-path';
import { WebhookDeliveries } from './webhook-deliveries';

const api = resourceApis.webhooks;

/**
 * Webhooks: the list, or one webhook's delivery log when the address names it (`?log=<id>`, so a log
 * can be linked to).
 */
export function WebhookListPage() {
  const log = Number(useSearchParams()[0].get('log'));
  return Number.isInteger(log) && log > 0 ? <WebhookDeliveries id={log} /> : <WebhookList />;
}

/**
 * The webhooks that send catalogue changes to other systems, newest first: each with its events,
 * families, state (and why it is off) and last delivery; the row menu edits one, turns it off or on,
 * opens its delivery log, or deletes it after asking.
 */
function WebhookList() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const turn = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.change({ params: { id }, body: { enabled } }),
    onSuccess: (turned) =>
      useNotifications.getState().show({
        severity: 'success',
        messageKey: turned.enabled ? 'webhooks.turnedOn' : 'webhooks.turnedOff',
      }),
    onError: reportError,
    onSettled: () => void client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
  const columns: ListColumn<Webhook>[] = [
    {
      id: 'url',
      label: t('webhooks.url'),
      dir: 'ltr',
      render: (webhook) => (
        <Typography
          variant="body2"
          component="code"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block', fontWeight: 500 }}
        >
          {webhook.url}
        </Typography>
      ),
    },
    {
      id: 'events',
      label: t('webhooks.events'),
      render: (webhook) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 160 }}>
          {webhook.events.map((event) => (
            <Chip key={event} size="small" label={t(`webhooks.event.${event}`)} title={event} />
          ))}
        </Stack>
      ),
    },
    {
      id: 'families',
      label: t('webhooks.families'),
      render: (webhook) =>
        webhook.families.length === 0
          ? t('webhooks.allFamilies')
          : webhook.families.map((id, index) => (
              <Fragment key={id}>
                {index > 0 && t('admin.users.separator')}
                <ChoiceName resource="families" id={id} />
              </Fragment>
            )),
    },
    {
      id: 'status',
      label: t('webhooks.status'),
      render: (webhook) => (
        <Stack sx={{ alignItems: 'flex-start', gap: 0.5, maxWidth: 260 }}>
          <Chip
            size="small"
            variant="outlined"
            color={webhook.enabled ? 'success' : 'default'}
            label={t(webhook.enabled ? 'webhooks.active' : 'webhooks.disabled')}
          />
          {!webhook.enabled && webhook.disabledReason && (
            <Typography variant="caption" color="text.secondary">
              {codeText(
                webhook.disabledReasonCode ?? undefined,
                webhook.disabledReasonParams ?? undefined,
                t,
              ) ?? webhook.disabledReason}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'lastDelivery',
      label: t('webhooks.lastDelivery'),
      render: ({ lastDelivery: last }) =>
        last ? (
          <Stack sx={{ whiteSpace: 'nowrap' }}>
            <DeliveryResult ok={last.ok} responseCode={last.responseCode} />
            <DateTime time={last.at} />
          </Stack>
        ) : (
          t('webhooks.notYet')
        ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
        {t('webhooks.intro')}
      </Typography>
      <ListKit<Webhook>
        {...resourceListProps('webhooks', i18n.language)}
        columns={columns}
        rowLabel={(webhook) => webhook.url}
        rowLinks={(webhook) => [
          {
            label: t(webhook.enabled ? 'webhooks.turnOff' : 'webhooks.turnOn'),
            icon: webhook.enabled ? (
              <PauseCircleOutlined fontSize="small" />
            ) : (
              <PlayCircleOutlined fontSize="small" />
            ),
            onClick: () => turn.mutate({ id: webhook.id, enabled: !webhook.enabled }),
          },
          {
            label: t('webhooks.deliveries'),
            icon: <ReceiptLongOutlined fontSize="small" />,
            to: logPath(webhook.id),
          },
        ]}
        deletion={{
          remove: (id) => api.remove(id),
          confirm: { text: t('webhooks.removeTextAny'), button: t('webhooks.remove') },
        }}
      />
    </Stack>
  );
}
