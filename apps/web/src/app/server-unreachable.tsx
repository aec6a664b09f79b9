import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiRequest } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';
import { apiPaths } from '../lib/paths';
import { useNotifications } from '../lib/notifications-store';
import {
  isUnreachable,
  requestRetry,
  resetReach,
  subscribeReach,
  UNREACHABLE_AFTER_MS,
  unreachableSince,
} from '../lib/server-reach';

/** How often the app asks again, on its own, while the server is out of reach. */
export const RETRY_EVERY_MS = 5_000;

/**
 * Asks again at once: the screens' failed queries, the requests waiting outside the cache (session
 * check, guest sign-in), and the health check, which answers whenever the server is up (the only
 * request there is when what failed was a save).
 */
function retryNow(queryClient: QueryClient): void {
  requestRetry();
  void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  apiRequest(apiPaths.health, { unauthorized: 'ignore' }).catch(() => undefined);
}

/**
 * When the server has been out of reach for UNREACHABLE_AFTER_MS (no connection, no answer, or a
 * proxy's 502/503/504), a message with a Retry button covers the screen, in the area's language. The
 * screen stays mounted beneath it (a half-typed form keeps its values); the app keeps asking in the
 * background, and the message goes as soon as the server answers. Part of the first visit's chunk,
 * because it must show when nothing more can be downloaded: Box, Typography and Button only.
 */
export function ServerUnreachable() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const since = useSyncExternalStore(subscribeReach, unreachableSince);
  // The outage whose message is showing; a newer outage waits its own ten seconds.
  const [shownFor, setShownFor] = useState<number | null>(null);

  useEffect(() => {
    if (since === null) return;
    const show = setTimeout(() => setShownFor(since), since + UNREACHABLE_AFTER_MS - Date.now());
    const again = setInterval(() => retryNow(queryClient), RETRY_EVERY_MS);
    const online = () => retryNow(queryClient);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(show);
      clearInterval(again);
      window.removeEventListener('online', online);
    };
  }, [since, queryClient]);

  // The outage belongs to the app that watched it: a new one (a test's next render) starts clean.
  useEffect(() => resetReach, []);

  const shown = since !== null && shownFor === since;
  // The message says what the failure's notice said: one of them is enough.
  useEffect(() => {
    const { current, dismiss } = useNotifications.getState();
    if (shown && current?.error !== undefined && isUnreachable(current.error)) dismiss(current.id);
  }, [shown]);

  if (!shown) return null;
  return (
    <Box
      role="alert"
      aria-labelledby="unreachable-title"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <CloudOffOutlined sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography id="unreachable-title" component="h1" variant="h5">
        {t('unreachable.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('unreachable.text')}
      </Typography>
      {/* Focused, so keys act on the message rather than on the page beneath; a plain ring marks it. */}
      <Button
        variant="contained"
        autoFocus
        disableFocusRipple
        onClick={() => retryNow(queryClient)}
        sx={{
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 3 },
        }}
      >
        {t('unreachable.retry')}
      </Button>
    </Box>
  );
}
