import type { Feed } from '@dalil/contracts/feeds';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ListKit, type ListColumn, type ListQuery } from '../../../components/list-kit';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { useFamilyFilters } from '../admin-kit/use-family-filters';
import { feedRunText } from '../admin-kit/import-counts';
import { ChoiceName } from '../form-kit/choice-name';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';

const api = resourceApis.feeds;
const OUTCOME_COLOR = { imported: 'success', unchanged: 'default', failed: 'error' } as const;
/** While a run is under way the list is read again this often, to show how it ended. */
const RUNNING_REFRESH_MS = 2000;

/**
 * The scheduled feeds (docs/decisions/0052-scheduled-feeds.md) of the companies the account may
 * import into, optionally of one: each with its address and mode, schedule, last run (how it ended,
 * in words), and next run with "run now" under it; edit and delete from the row menu. Runs that fetched a file are
 * on the imports page, where they are undone.
 */
export function FeedListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const client = useQueryClient();
  // Whether the page shown has a run under way: then it is read again until the run ends.
  const [running, setRunning] = useState(false);
  const fetchPage = async (query: ListQuery, signal: AbortSignal) => {
    const page = await api.list(query, signal);
    setRunning(page.data.some((feed) => feed.running));
    return page;
  };
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: ['feeds', 'list'] }),
      RUNNING_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [running, client]);
  const run = useMutation({
    mutationFn: (feed: Feed) => api.run({ params: { id: feed.id } }),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'info', messageKey: 'feeds.runStarted' });
      void client.invalidateQueries({ queryKey: ['feeds'] });
    },
    onError: reportError,
  });
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: ListColumn<Feed>[] = [
    {
      id: 'url',
      label: t('feeds.url'),
      render: (feed) => (
        <Stack spacing={0.5} sx={{ minWidth: 180, maxWidth: 280 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <bdi dir="ltr">{feed.url}</bdi>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('feeds.modeShown', {
              mode: t(feed.mode === 'valid-rows' ? 'feeds.modeValid' : 'feeds.modeAll'),
            })}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'family',
      label: t('feeds.family'),
      render: (feed) => <ChoiceName resource="families" id={feed.family} />,
    },
    {
      id: 'schedule',
      label: t('feeds.schedule'),
      render: (feed) => (
        <Stack spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
          <Typography variant="body2" component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
            {feed.schedule}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="bdi" dir="ltr">
            {feed.timeZone}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'lastRun',
      label: t('feeds.lastRun'),
      render: (feed) =>
        feed.running ? (
          <Chip size="small" color="info" label={t('feeds.running')} />
        ) : feed.lastRun ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 200 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip
                size="small"
                color={OUTCOME_COLOR[feed.lastRun.outcome]}
                label={t(`feeds.outcome.${feed.lastRun.outcome}`)}
              />
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
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
        ),
    },
    {
      id: 'nextRun',
      label: t('feeds.nextRun'),
      render: (feed) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">{when.format(new Date(feed.nextRunAt))}</Typography>
          <Button
            size="small"
            startIcon={<PlayArrowOutlined />}
            disabled={feed.running || run.isPending}
            onClick={() => run.mutate(feed)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('feeds.runNow')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch' }}>
        {t('feeds.intro')}
      </Typography>
      <ListKit<Feed>
        {...resourceListProps('feeds', language)}
        {...useFamilyFilters()}
        fetchPage={fetchPage}
        columns={columns}
        rowLabel={(feed) => feed.url}
        deletion={{
          remove: api.remove,
          confirm: { text: t('feeds.deleteText'), button: t('feeds.delete') },
        }}
      />
    </Stack>
  );
}
