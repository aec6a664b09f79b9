import { useCallback, useEffect } from 'react';
import { UnreachableMessage } from '../components/unreachable-message';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { RETRY_EVERY_MS } from '../lib/server-reach';

/**
 * The screen's code could not be downloaded: the server is out of reach, or a new version replaced
 * the files this page knows. The page asks the server now and then (and on Retry), and loads itself
 * again once it answers; a failed download is not tried again without a reload.
 */
export function CodeUnreachable() {
  const reloadWhenBack = useCallback(() => {
    apiRequest(apiPaths.health, { unauthorized: 'ignore' }).then(
      () => window.location.reload(),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    reloadWhenBack();
    const again = setInterval(reloadWhenBack, RETRY_EVERY_MS);
    return () => clearInterval(again);
  }, [reloadWhenBack]);
  return <UnreachableMessage onRetry={reloadWhenBack} />;
}
