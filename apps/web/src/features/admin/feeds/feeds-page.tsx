import type { Feed } from '@dalil/contracts/feeds';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { feedRunText } from '../admin-kit/import-counts';
import { ChoiceName } from '../form-kit/choice-name';
import { RemoteChoice } from '../form-kit/remote-choice';
import { FeedDialog } from './feed-dialog';
import { feedsApi } from './feeds-api';

const QUERY_KEY = ['feeds'];
const OUTCOME_COLOR = { imported: 'success', unchanged: 'default', failed: 'error' } as const;
/** While a run is under way the list is read again this often, to show how it ended. */
const RUNNING_REFRESH_MS = 2000;

/** An address in a sentence, in a bidi isolate so it keeps its own direction in Arabic. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * The scheduled feeds (docs/decisions/0052-scheduled-feeds.md) of the companies the account may
 * import into, optionally of one: each with its schedule, last run (how it ended, in words) and next
 * run, "run now", edit and delete. Runs that fetched a file are on the imports page, where they are
 * undone.
 */
export function FeedsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [family, setFamily] = useState<number | null>(null);
  const [editing, setEditing] = useState<Feed | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Feed | null>(null);
  const list = useQuery({
    queryKey: [...QUERY_KEY, family],
    queryFn: ({ signal }) => feedsApi.list(family, signal),
    refetchInterval: (query) =>
      query.state.data?.data.some((feed) => feed.running) ? RUNNING_REFRESH_MS : false,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: QUERY_KEY });
  const run = useMutation({
    mutationFn: (feed: Feed) => feedsApi.run(feed.id),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'info', messageKey: 'feeds.runStarted' });
      refresh();
    },
    onError: reportError,
  });
  const remove = useMutation({
    mutationFn: (feed: Feed) => feedsApi.remove(feed.id),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'feeds.deleted' });
      refresh();
    },
    onError: reportError,
    onSettled: () => setDeleting(null),
  });
  const language = i18n.language;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const feeds = list.data?.data ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch', mb: 2 }}>
        {t('feeds.intro')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2, gap: 2 }}
      >
        <RemoteChoice
          resource="families"
          label={t('feeds.family')}
          placeholder={t('feeds.allFamilies')}
          size="small"
          value={family}
          onChange={setFamily}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing('new')}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('feeds.create')}
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('pages.feeds')} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>{t('feeds.family')}</TableCell>
              <TableCell>{t('feeds.url')}</TableCell>
              <TableCell>{t('feeds.schedule')}</TableCell>
              <TableCell>{t('feeds.lastRun')}</TableCell>
              <TableCell>{t('feeds.nextRun')}</TableCell>
              <TableCell align="right">{t('feeds.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {feeds.map((feed) => (
              <TableRow key={feed.id} sx={{ '& td': { verticalAlign: 'top' } }}>
                <TableCell sx={{ minWidth: 110 }}>
                  <ChoiceName resource="families" id={feed.family} />
                </TableCell>
                <TableCell sx={{ maxWidth: 280 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <bdi dir="ltr">{feed.url}</bdi>
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('feeds.modeShown', {
                      mode: t(feed.mode === 'valid-rows' ? 'feeds.modeValid' : 'feeds.modeAll'),
                    })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2" component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    {feed.schedule}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    <bdi dir="ltr">{feed.timeZone}</bdi>
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  {feed.running ? (
                    <Chip size="small" color="info" label={t('feeds.running')} />
                  ) : feed.lastRun ? (
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip
                          size="small"
                          color={OUTCOME_COLOR[feed.lastRun.outcome]}
                          label={t(`feeds.outcome.${feed.lastRun.outcome}`)}
                        />
                        <Typography variant="caption" color="text.secondary">
                          {when.format(new Date(feed.lastRun.at))}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                        {feedRunText(t, language, feed.lastRun)}
                      </Typography>
                    </Stack>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('feeds.notYet')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(feed.nextRunAt))}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('feeds.runNow')}>
                    <span>
                      <IconButton
                        aria-label={t('feeds.runNow')}
                        disabled={feed.running || run.isPending}
                        onClick={() => run.mutate(feed)}
                      >
                        <PlayArrowOutlined />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('feeds.edit')}>
                    <IconButton aria-label={t('feeds.edit')} onClick={() => setEditing(feed)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('feeds.delete')}>
                    <IconButton aria-label={t('feeds.delete')} onClick={() => setDeleting(feed)}>
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {list.isSuccess && feeds.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('feeds.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {editing !== null && (
        <FeedDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          editing={editing === 'new' ? null : editing}
          family={family}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            useNotifications.getState().show({ severity: 'success', messageKey: 'feeds.saved' });
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('feeds.deleteTitle')}
        text={deleting ? t('feeds.deleteText', { url: isolated(deleting.url) }) : ''}
        confirmLabel={t('feeds.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
