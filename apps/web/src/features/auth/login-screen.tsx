import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import type { LoginBody } from '@dalil/contracts/auth';
import { createAppTheme } from '../../lib/theme';
import { AppThemeProvider } from '../../components/theme-provider';
import { CenteredSpinner } from '../../components/centered-spinner';
import { configQuery } from '../../lib/config-api';
import type { MessageKey } from '../../lib/locales/en';
import { reportError } from '../../lib/notifications-store';
import { isUnreachable, onRetryRequest, worthReporting } from '../../lib/server-reach';
import type { LoginApiPath } from '../../lib/paths';
import { login } from './login-api';
import { returnPath } from './return-path';
import { useExistingSession } from './use-existing-session';

// The form and its frame (text fields, tooltip, password toggle) load only when they are shown: a
// visitor signed in silently as the guest never downloads them (docs/performance.md, "First visit").
const LoginLayout = lazy(async () => ({ default: (await import('./login-layout')).LoginLayout }));
const LoginForm = lazy(async () => ({ default: (await import('./login-form')).LoginForm }));

export interface LoginScreenProps {
  apiPath: LoginApiPath;
  redirectTo: string;
  title: MessageKey;
  subtitle: MessageKey;
  /** Admin style: always dark, always shows the form. */
  dark?: boolean;
}

/**
 * The login screen. The visitor (light) variant reads /api/config and signs in silently with the
 * guest account; with guest access off (a private catalogue) it shows the form. A
 * token the catalogue already accepts (an admin's) is used instead of either. Signing in returns to
 * the page the session guard came from (a product link, a scanned QR code), else `redirectTo`. While
 * the server is out of reach the spinner stays, and the config, the session check and the sign-in are
 * asked again on every retry.
 */
export function LoginScreen({ apiPath, redirectTo, title, subtitle, dark = false }: LoginScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPath(location.state, redirectTo);
  // "Sign in" beside the guest's catalogue: the form, not the guest's silent sign-in again.
  const askForm = !dark && new URLSearchParams(location.search).has('form');
  const queryClient = useQueryClient();
  const outer = useTheme();
  const theme = useMemo(
    () => (dark ? createAppTheme({ mode: 'dark', direction: outer.direction, area: 'admin' }) : outer),
    [dark, outer],
  );
  const config = useQuery({ ...configQuery, enabled: !dark });
  const existing = useExistingSession(!dark && !askForm);
  const guest = dark || askForm || existing !== 'none' ? null : config.data?.guest;
  // The guest sign-in's attempt number: asked again (a new number) after the server was out of reach.
  const [attempt, setAttempt] = useState(0);
  const attempted = useRef(-1);
  const [stalled, setStalled] = useState(false);
  const [guestFailed, setGuestFailed] = useState(false);

  const signIn = useCallback(
    async (body: LoginBody) => {
      await login(apiPath, body);
      // What the guest's session read (its companies, their products) is not what this account sees.
      if (askForm) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      await navigate(target, { replace: true });
    },
    [apiPath, target, navigate, askForm, queryClient],
  );

  // A signed-in admin or catalogue user browses as themselves: no guest sign-in over their token.
  useEffect(() => {
    if (existing === 'valid') void navigate(target, { replace: true });
  }, [existing, navigate, target]);

  useEffect(() => {
    if (!guest || attempted.current === attempt) return;
    attempted.current = attempt;
    signIn(guest).catch((error: unknown) => {
      if (worthReporting(error)) reportError(error);
      // An unreachable server is no reason to show the form: the sign-in waits for the next retry.
      if (isUnreachable(error)) setStalled(true);
      else setGuestFailed(true);
    });
  }, [guest, signIn, attempt]);

  useEffect(() => {
    if (!stalled) return;
    return onRetryRequest(() => {
      setStalled(false);
      setAttempt((previous) => previous + 1);
    });
  }, [stalled]);

  // While the config cannot be fetched the spinner stays (the unreachable message covers it later).
  const configWaits = config.isPending || isUnreachable(config.error);
  const waiting =
    !dark && !askForm && (existing !== 'none' || (!guestFailed && (configWaits || Boolean(guest))));
  // A server-rendered visitor page stands in while the guest is signed in silently; the form replaces it.
  useLayoutEffect(() => {
    if (!waiting) document.getElementById('served-page')?.remove();
  }, [waiting]);
  return (
    <AppThemeProvider theme={theme}>
      {waiting ? (
        <CenteredSpinner label={t('auth.signingIn')} />
      ) : (
        <Suspense fallback={<CenteredSpinner label={t(title)} />}>
          <LoginLayout title={t(title)} subtitle={t(subtitle)} showModeToggle={!dark}>
            <LoginForm onSubmit={signIn} />
          </LoginLayout>
        </Suspense>
      )}
    </AppThemeProvider>
  );
}
