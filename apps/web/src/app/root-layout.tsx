import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from '../lib/i18n';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NoticeOutlet } from '../components/notice-outlet';
import { useNotifications } from '../lib/notifications-store';
import { paths } from '../lib/paths';
import { useDirection, usePreferences } from '../lib/preferences-store';
import { usePageTitle } from '../lib/route-handle';
import { onUnauthorized, scopeOfPath } from '../lib/session';
import { emotionCacheFor } from './emotion-cache';
import { ServerUnreachable } from './server-unreachable';
import { createAppTheme } from '../lib/theme';
import { AppThemeProvider } from '../components/theme-provider';

/**
 * Providers that depend on the route (admin or catalogue look), the 401 redirect, the page title and
 * the message shown while the server is out of reach.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mode = usePreferences((state) => state.mode);
  const direction = useDirection();
  const area = scopeOfPath(pathname) === 'admin' ? 'admin' : 'catalog';
  const theme = useMemo(() => createAppTheme({ mode, direction, area }), [mode, direction, area]);
  const title = usePageTitle();
  // Each area keeps its own language: switch before the browser paints the new area.
  useLayoutEffect(() => usePreferences.getState().enterArea(area), [area]);

  // index.html's static shell (public/boot.js) stands in until this first render; drop it before
  // the browser paints the app, so the two never show together.
  useLayoutEffect(() => document.getElementById('boot-shell')?.remove(), []);
  // A server-rendered visitor page stays until the catalogue's own screen shows (catalog-layout.tsx,
  // after the guest's sign-in on a first visit); in the admin area it goes at once.
  useLayoutEffect(() => {
    if (area === 'admin') document.getElementById('served-page')?.remove();
  }, [area]);

  useEffect(
    () =>
      onUnauthorized((scope) => {
        useNotifications.getState().show({ severity: 'warning', messageKey: 'errors.sessionEnded' });
        void navigate(scope === 'admin' ? paths.adminLogin : paths.catalogLogin, { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [t, title]);

  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <AppThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <Outlet />
        <NoticeOutlet />
        <ServerUnreachable />
      </AppThemeProvider>
    </CacheProvider>
  );
}
