import type { WebhookAttempt } from '@dalil/contracts/webhooks';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { codeText } from '../../../lib/error-text';
import { DateTime } from '../admin-kit/date-time';
import { TableCard } from '../admin-kit/table-card';
import { DeliveryResult } from './delivery-result';
import { adminPaths } from '../resource-kit/admin-paths';
import { resourceApis } from '../resource-kit/resource-api';

const api = resourceApis.webhooks;
/** The log's queries; a change anywhere to the webhooks (the list's key) refreshes them too. */
const WEBHOOKS_KEY = ['webhooks'];
const logKey = (id: number) => [...WEBHOOKS_KEY, 'log', id];

const PAGE_SIZE = 25;
const COLUMNS = ['time', 'event', 'attempt', 'result', 'duration', 'nextAttempt'] as const;
/** New attempts arrive within seconds of a change: the log looks again this often while open. */
const REFRESH_MS = 3000;

/** The attempts after which the message may be sent again: each message's newest on the page. */
const newestOfEach = (attempts: WebhookAttempt[]) => {
  const seen = new Set<string>();
  return new Set(
    attempts.filter((a) => !seen.has(a.messageId) && Boolean(seen.add(a.messageId))).map((a) => a.id),
  );
};

/**
 * One webhook's delivery log (the webhooks list's address with `?log=<id>`), newest first: each
 * attempt's time, event, number, answer (or error), how long it took and when the next try is due;
 * "Send again" on each message. It refreshes itself while open, so a change made elsewhere shows up
 * here within seconds.
 */
export function WebhookDeliveries({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const webhook = useQuery({
    queryKey: logKey(id),
    queryFn: ({ signal }) => api.one(id, signal),
    refetchInterval: REFRESH_MS,
  });
  const log = useQuery({
    queryKey: [...logKey(id), 'deliveries', page],
    queryFn: ({ signal }) =>
      api.deliveries({ params: { id }, query: { limit: PAGE_SIZE, skip: page * PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    enabled: webhook.isSuccess,
  });
  const resend = useMutation({
    mutationFn: (messageId: string) => api.resend({ params: { id, messageId } }),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'webhooks.log.resent' });
      void client.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: reportError,
  });
  const back = (
    <Button
      component={RouterLink}
      to={adminPaths.webhooks.list}
      sx={{ alignSelf: 'flex-start' }}
      startIcon={
        <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
      }
    >
      {t('webhooks.log.back')}
    </Button>
  );
  if (webhook.isError) {
    const missing = isApiError(webhook.error) && webhook.error.status === 404;
    return (
      <Paper sx={{ p: 2 }}>
        <Alert severity={missing ? 'info' : 'error'} sx={{ mb: 2 }}>
          {missing ? t('webhooks.log.missing') : apiErrorMessage(webhook.error, t, i18n.language)}
        </Alert>
        {back}
      </Paper>
    );
  }
  const attempts = log.data?.data ?? [];
  const total = log.data?.count ?? 0;
  const resendable = newestOfEach(attempts);
  return (
    <TableCard
      head={
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mb: 2, alignItems: { sm: 'center' } }}>
          {back}
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('webhooks.deliveries')}
          </Typography>
          {webhook.data && (
            <Typography component="code" dir="ltr" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {webhook.data.url}
            </Typography>
          )}
        </Stack>
      }
      label={t('webhooks.deliveries')}
      columns={COLUMNS.map((column) => t(`webhooks.log.${column}`))}
      actions
      empty={
        log.isSuccess &&
        attempts.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('webhooks.log.none')}
          </Typography>
        )
      }
      paging={{ count: total, page, pageSize: PAGE_SIZE, onPage: setPage }}
    >
      {attempts.map((attempt) => (
        <TableRow key={attempt.id} sx={{ '& td': { verticalAlign: 'top' } }}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <DateTime time={attempt.attemptedAt} />
          </TableCell>
          <TableCell sx={{ minWidth: 140 }}>
            {t(`webhooks.event.${attempt.eventType}`)}
            <Typography
              variant="caption"
              color="text.secondary"
              component="code"
              dir="ltr"
              sx={{ display: 'block', fontFamily: 'monospace' }}
            >
              {attempt.messageId}
            </Typography>
          </TableCell>
          <TableCell>{attempt.attempt}</TableCell>
          <TableCell sx={{ minWidth: 140 }}>
            <DeliveryResult ok={attempt.ok} responseCode={attempt.responseCode} />
            {attempt.error && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                dir="auto"
                sx={{ textAlign: 'start', overflowWrap: 'anywhere', maxWidth: 280 }}
              >
                {/* The server's own sentences in the UI's language; a network error as it came. */}
                {codeText(attempt.errorCode ?? undefined, attempt.errorParams ?? undefined, t) ??
                  attempt.error}
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {t('webhooks.log.durationMs', { ms: attempt.durationMs })}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {!attempt.ok && <DateTime time={attempt.nextAttemptAt} none={t('webhooks.log.noRetry')} />}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {resendable.has(attempt.id) && (
              <Button
                size="small"
                startIcon={<ReplayOutlined />}
                disabled={resend.isPending}
                onClick={() => resend.mutate(attempt.messageId)}
                aria-label={t('webhooks.log.resendLabel', { message: attempt.messageId })}
              >
                {t('webhooks.log.resend')}
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </TableCard>
  );
}
