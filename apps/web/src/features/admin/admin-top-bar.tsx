import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import type { Account } from '@dalil/contracts/auth';
import { DRAWER_WIDTH } from '@dalil/contracts/constants';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { PreferenceToggles } from '../../components/preference-toggles';

interface AdminTopBarProps {
  title: string;
  account: Account | undefined;
  onMenu: () => void;
  onLogout: () => void;
}

/** The top bar shows the page title and a Logout button. */
export function AdminTopBar({ title, account, onMenu, onLogout }: AdminTopBarProps) {
  const { t } = useTranslation();
  const fullName = account ? `${account.firstName} ${account.lastName}`.trim() || account.username : '';
  const initials = fullName
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <AppBar
      position="fixed"
      sx={{
        width: { sm: `calc(100% - ${DRAWER_WIDTH}px)` },
        ml: { sm: `${DRAWER_WIDTH}px` },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onMenu}
          aria-label={t('admin.openMenu')}
          sx={{ display: { sm: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography component="h1" variant="h6" noWrap sx={{ flex: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        <PreferenceToggles />
        <Divider
          orientation="vertical"
          flexItem
          sx={{ mx: 1, my: 1.5, display: { xs: 'none', sm: 'block' } }}
        />
        {account && (
          <Tooltip title={fullName}>
            <Avatar
              sx={{
                width: 34,
                height: 34,
                fontSize: '0.85rem',
                bgcolor: '#2a6f99',
                color: '#ffffff',
                display: { xs: 'none', md: 'flex' },
              }}
            >
              {initials}
            </Avatar>
          </Tooltip>
        )}
        <Button
          color="inherit"
          onClick={onLogout}
          startIcon={
            <Logout sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })} />
          }
          aria-label={t('admin.logout')}
          sx={{
            ml: 0.5,
            minWidth: 0,
            whiteSpace: 'nowrap',
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          {/* Icon only on phones, where the bar is narrow. */}
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('admin.logout')}
          </Box>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
