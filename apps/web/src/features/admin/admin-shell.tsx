import type { Account } from '@dalil/contracts/auth';
import { DRAWER_WIDTH } from '@dalil/contracts/constants';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet, useNavigate, useOutletContext } from 'react-router';
import { AccountContext } from '../../lib/account';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/route-handle';
import '../../lib/admin-texts';
import { logout as signOut } from '../../lib/logout-api';
import { AdminDrawerContent } from './admin-drawer-content';
import { AdminTopBar } from './admin-top-bar';

const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;

/** The admin shell: drawer permanent from `sm` up, temporary below; content beside it. */
export function AdminShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useOutletContext<Account | undefined>();
  const title = usePageTitle();
  const [mobileOpen, setMobileOpen] = useState(false);

  const logout = () => {
    void signOut().then(() => {
      queryClient.clear();
      return navigate(paths.adminLogin);
    });
  };
  const closeMobile = () => setMobileOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AdminTopBar
        title={title ?? t('admin.dashboard')}
        account={account}
        onMenu={() => setMobileOpen(true)}
        onLogout={logout}
      />
      <Box component="nav" sx={{ width: { sm: DRAWER_WIDTH }, flexShrink: { sm: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={closeMobile}
          ModalProps={{ keepMounted: true }}
          sx={{ display: { xs: 'block', sm: 'none' }, '& .MuiDrawer-paper': paperSx }}
        >
          <AdminDrawerContent onNavigate={closeMobile} account={account} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          data-testid="admin-drawer"
          sx={{ display: { xs: 'none', sm: 'block' }, '& .MuiDrawer-paper': paperSx }}
        >
          <AdminDrawerContent onNavigate={closeMobile} account={account} />
        </Drawer>
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: { sm: `calc(100% - ${DRAWER_WIDTH}px)` },
          p: { xs: 2, sm: 3, md: 4 },
        }}
      >
        <Toolbar />
        <AccountContext value={account}>
          <Outlet />
        </AccountContext>
      </Box>
    </Box>
  );
}
