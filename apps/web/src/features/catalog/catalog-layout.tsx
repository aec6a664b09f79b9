import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Link, Outlet, useMatch } from 'react-router';
import { Brand } from '../../components/brand';
import { PreferenceToggles } from '../../components/preference-toggles';
import { paths } from '../../lib/paths';
import { sharedQueryClient } from '../../app/query-client';
import { prefetchStoredCatalog } from './catalog-prefetch';
import { preloadStoredHero } from './hero-preload';
import { PRODUCT_GREEN } from './product-colours';

// This module loads while the session check runs: use that time to fetch the hero image and the
// catalogue main screen's data.
preloadStoredHero();
prefetchStoredCatalog(sharedQueryClient());

/** Visitor chrome around the catalogue screens: brand home link and the preference toggles. */
export function CatalogLayout() {
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
            <PreferenceToggles />
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 4 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
