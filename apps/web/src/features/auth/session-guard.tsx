import type { Account } from '@dalil/contracts/auth';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner';
import { isApiError } from '../../lib/api-error';
import { useNotifications, reportError } from '../../lib/notifications-store';
import { paths } from '../../lib/paths';
import { onRetryRequest, worthReporting } from '../../lib/server-reach';
import { clearToken, getToken, type SessionScope } from '../../lib/session';
import type { LoginReturn } from './return-path';
import { checkSession, earlyAccount, takeEarlySessionCheck } from './session-api';

/** How long the guard waits before asking again when the server could not answer. */
const RETRY_MS = 3000;

interface SessionGuardProps {
  scope: SessionScope;
}

function tellWhy(error: unknown): void {
  if (isApiError(error) && error.status === 401) {
    useNotifications.getState().show({ severity: 'warning', messageKey: 'errors.sessionEnded' });
  } else if (isApiError(error) && error.status === 403) {
    useNotifications.getState().show({ severity: 'warning', messageKey: 'errors.forbidden' });
  } else if (worthReporting(error)) {
    reportError(error);
  }
}

/**
 * Every mount of a protected route re-checks the session (docs/architecture.md, "Access model").
 * The first check shows a centred spinner; checks on later navigations run quietly so the shell does
 * not flash. The first page's check starts before the app renders (main.tsx); when it has already
 * succeeded, the page shows at once instead of after a spinner. Only a 401 or 403 ends the session;
 * when the server cannot be reached or fails, the spinner stays and the check is asked again every
 * few seconds, and at once on Retry (app/server-unreachable.tsx, which covers the spinner once the
 * server has been out of reach for ten seconds).
 */
export function SessionGuard({ scope }: SessionGuardProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [account, setAccount] = useState<Account | null>(() => earlyAccount(scope));
  // The page to come back to after signing in; read when the check fails, not a reason to re-check.
  const here = useRef(pathname);
  useEffect(() => {
    here.current = `${pathname}${search}`;
  });

  useEffect(() => {
    const controller = new AbortController();
    const toLogin = () => {
      clearToken();
      void navigate(scope === 'admin' ? paths.adminLogin : paths.catalogLogin, {
        replace: true,
        state: { from: here.current } satisfies LoginReturn,
      });
    };
    if (!getToken()) {
      toLogin();
      return;
    }
    let retry: ReturnType<typeof setTimeout> | undefined;
    let waiting = false;
    let attempts = 0;
    const run = (check: Promise<Account>): void => {
      const attempt = attempts++;
      void check.then(
        (checked) => {
          // The page behind the guard renders in a transition: in slices the browser can paint and
          // answer input between, not in one long task (on a first visit, the whole screen).
          if (!controller.signal.aborted) startTransition(() => setAccount(checked));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (attempt === 0) tellWhy(error);
          // Only an answer that refuses the token ends the session. An unreachable or failing server
          // (a restart, a request cut off because the page is being left) keeps it: check again.
          if (isApiError(error) && (error.status === 401 || error.status === 403)) {
            toLogin();
          } else {
            waiting = true;
            retry = setTimeout(again, RETRY_MS);
          }
        },
      );
    };
    const again = () => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(retry);
      run(checkSession(scope, controller.signal));
    };
    const stopListening = onRetryRequest(again);
    run(takeEarlySessionCheck(scope) ?? checkSession(scope, controller.signal));
    return () => {
      controller.abort();
      clearTimeout(retry);
      stopListening();
    };
  }, [scope, pathname, navigate]);

  if (!account) return <CenteredSpinner label={t('auth.checkingSession')} />;
  return <Outlet context={account} />;
}
