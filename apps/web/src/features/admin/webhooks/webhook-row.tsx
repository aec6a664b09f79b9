import type { Webhook } from '@dalil/contracts/webhooks';
// Not DeleteOutlined: sharing an icon module with the menu or the bin splits it into a chunk
// of its own, whose name every visitor's first load carries.
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { codeText } from '../../../lib/error-text';
import { DateTime } from '../admin-kit/date-time';
import { ChoiceName } from '../form-kit/choice-name';
import { DeliveryResult } from './delivery-result';
import { logPath } from './webhooks-api';

interface WebhookRowProps {
  webhook: Webhook;
  busy: boolean;
  onTurn: (enabled: boolean) => void;
  onRemove: () => void;
}

/**
 * One subscription: where it sends, which events of which families, who made it, its last delivery,
 * and whether it is on (with why it is off); a switch, its log and a delete.
 */
export function WebhookRow({ webhook, busy, onTurn, onRemove }: WebhookRowProps) {
  const { t } = useTranslation();
  const off = !webhook.enabled;
  const last = webhook.lastDelivery;
  return (
    // Greyed while off, not aria-disabled: its switch, log and delete still work.
    <TableRow sx={{ '& td': { verticalAlign: 'top' }, ...(off && { bgcolor: 'action.hover' }) }}>
      <TableCell sx={{ minWidth: 180, maxWidth: 320 }}>
        <Typography
          variant="body2"
          component="code"
          dir="ltr"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block', fontWeight: 500 }}
        >
          {webhook.url}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {webhook.events.map((event) => (
            <Chip key={event} size="small" label={t(`webhooks.event.${event}`)} title={event} />
          ))}
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        {webhook.families.length === 0
          ? t('webhooks.allFamilies')
          : webhook.families.map((id, index) => (
              <Fragment key={id}>
                {index > 0 && t('admin.users.separator')}
                <ChoiceName resource="families" id={id} />
              </Fragment>
            ))}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <DateTime
          time={webhook.createdAt}
          by={t('webhooks.createdBy', { name: `\u2068${webhook.createdBy.username}\u2069` })}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {last ? (
          <>
            <DeliveryResult ok={last.ok} responseCode={last.responseCode} />
            <DateTime time={last.at} />
          </>
        ) : (
          t('webhooks.notYet')
        )}
      </TableCell>
      <TableCell sx={{ minWidth: 150 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Switch
            size="small"
            checked={webhook.enabled}
            disabled={busy}
            onChange={(event) => onTurn(event.target.checked)}
            slotProps={{
              input: {
                'aria-label': t(webhook.enabled ? 'webhooks.turnOff' : 'webhooks.turnOn', {
                  url: webhook.url,
                }),
              },
            }}
          />
          <Chip
            size="small"
            variant="outlined"
            color={off ? 'default' : 'success'}
            label={t(off ? 'webhooks.disabled' : 'webhooks.active')}
          />
        </Stack>
        {off && webhook.disabledReason && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ mt: 0.5, maxWidth: 260 }}
          >
            {codeText(
              webhook.disabledReasonCode ?? undefined,
              webhook.disabledReasonParams ?? undefined,
              t,
            ) ?? webhook.disabledReason}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('webhooks.deliveries')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={logPath(webhook.id)}
            aria-label={t('webhooks.deliveriesOf', { url: webhook.url })}
          >
            <ReceiptLongOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('webhooks.remove')}>
          <span>
            <IconButton
              size="small"
              color="error"
              disabled={busy}
              onClick={onRemove}
              aria-label={t('webhooks.removeLabel', { url: webhook.url })}
            >
              <DeleteOutlineOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
