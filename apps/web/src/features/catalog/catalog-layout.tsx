import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import type { Account } from '@dalil/contracts/auth';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { Link, Outlet, useMatch, useOutletContext } from 'react-router';
import { configQuery } from '../../lib/config-api';
import { useTranslation } from '../../lib/i18n';
import { Brand } from '../../components/brand';
import { PreferenceToggles } from '../../components/preference-toggles';
import { paths } from '../../lib/paths';
import { sharedQueryClient } from '../../lib/query-client';
import { prefetchStoredCatalog } from './catalog-prefetch';
import { preloadStoredHero } from './hero-preload';
import { PRODUCT_GREEN } from './product-colours';
import { removeServedPage } from './served-search';
import { useLanguageInAddress } from './use-language-in-address';

// This module loads while the session check runs: use that time to fetch the hero image and the
// catalogue main screen's data.
preloadStoredHero();
prefetchStoredCatalog(sharedQueryClient());

/**
 * Visitor chrome around the catalogue screens: brand home link and the preference toggles; while
 * browsing as the guest, a "Sign in" link to the form, so a catalogue user limited to some companies
 * can sign in as themselves while guest access stays on.
 */
export function CatalogLayout() {
  const { t } = useTranslation();
  useLanguageInAddress();
  // The page's content as the server rendered it stood in until now (the chooser, a catalogue page or
  // a product): the app's own screen takes its place before the browser paints.
  useLayoutEffect(removeServedPage, []);
  const account = useOutletContext<Account | undefined>();
  const guest = useQuery(configQuery).data?.guest;
  const asGuest = Boolean(
    account && guest && account.username.toLowerCase() === guest.username.toLowerCase(),
  );
  // The single product page has a green page background.
  const onProduct = useMatch(paths.catalogProduct(':id')) !== null;
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: onProduct ? PRODUCT_GREEN[theme.palette.mode].page : 'background.default',
      })}
    >
      <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Box component={Link} to={paths.catalogFamily} sx={{ color: 'inherit', textDecoration: 'none' }}>
              <Brand />
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 0, sm: 1 } }}>
              {asGuest && (
                // On a phone the icon alone: the brand and the toggles leave no room for the words.
                <Button
                  component={Link}
                  to={paths.catalogSignIn}
                  size="small"
                  title={t('auth.signInHint')}
                  aria-label={t('auth.signIn')}
                  sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
                >
                  <LoginOutlined
                    fontSize="small"
                    sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })}
                  />
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.75 }}>
                    {t('auth.signIn')}
                  </Box>
                </Button>
              )}
              <PreferenceToggles />
            </Stack>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 4 } }}>
        <Outlet context={account} />
      </Container>
    </Box>
  );
}
