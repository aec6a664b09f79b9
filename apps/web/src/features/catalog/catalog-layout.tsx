import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { PreferenceToggles } from '../../components/preference-toggles';
import { paths } from '../../lib/paths';

/** Visitor chrome around the catalogue screens: brand home link and the preference toggles. */
export function CatalogLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
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
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 3, sm: 5 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
