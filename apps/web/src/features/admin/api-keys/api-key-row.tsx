import type { ApiKey } from '@dalil/contracts/api-keys';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DateTime } from '../admin-kit/date-time';
import { ChoiceName } from '../form-kit/choice-name';
import { statusOf } from './api-keys-api';

const STATUS_COLOR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

interface ApiKeyRowProps {
  apiKey: ApiKey;
  now: number;
  busy: boolean;
  onRevoke: () => void;
}

/** One key: what it may reach, when it was made and by whom, until when, its last use and its state. */
export function ApiKeyRow({ apiKey: key, now, busy, onRevoke }: ApiKeyRowProps) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const status = statusOf(key, now);
  const revoked = status === 'revoked';
  return (
    <TableRow
      aria-disabled={revoked || undefined}
      sx={{
        '& td': { verticalAlign: 'top' },
        ...(revoked && { bgcolor: 'action.hover', '& td, & td *': { color: 'text.secondary' } }),
      }}
    >
      <TableCell>
        <Typography variant="body2" dir="auto" sx={{ fontWeight: 500, minWidth: 96 }}>
          {key.name}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2" component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
          {key.prefix}…
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {t(key.role === 'editor' ? 'apiKeys.roleEditor' : 'apiKeys.roleReader')}
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        {key.families.map((id, index) => (
          <Fragment key={id}>
            {index > 0 && t('admin.users.separator')}
            <ChoiceName resource="families" id={id} />
          </Fragment>
        ))}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <DateTime
          time={key.createdAt}
          by={t('apiKeys.createdBy', { name: `\u2068${key.createdBy.username}\u2069` })}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <DateTime time={key.expiresAt} none={t('apiKeys.never')} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <DateTime time={key.lastUsedAt} none={t('apiKeys.notUsed')} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`apiKeys.${status}`)} />
          {!revoked && (
            <Tooltip title={t('apiKeys.revoke')}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={onRevoke}
                  aria-label={t('apiKeys.revokeLabel', { name: key.name })}
                >
                  <BlockOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
        {key.revokedAt && (
          <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
            {day.format(new Date(key.revokedAt))}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
