import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { UnreachableMessage } from '../components/unreachable-message';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { useNotifications } from '../lib/notifications-store';
import {
  isUnreachable,
  requestRetry,
  resetReach,
  RETRY_EVERY_MS,
  subscribeReach,
  UNREACHABLE_AFTER_MS,
  unreachableSince,
} from '../lib/server-reach';

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
 * background, and the message goes as soon as the server answers.
 */
export function ServerUnreachable() {
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
  return <UnreachableMessage onRetry={() => retryNow(queryClient)} />;
}
