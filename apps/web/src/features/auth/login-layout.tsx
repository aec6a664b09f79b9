import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Brand } from '../../components/brand';
import { PreferenceToggles } from '../../components/preference-toggles';

interface LoginLayoutProps {
  title: string;
  subtitle: string;
  showModeToggle: boolean;
  children: ReactNode;
}

/** Full-page frame of the login screens: brand and toggles on top, the form card centred. */
export function LoginLayout({ title, subtitle, showModeToggle, children }: LoginLayoutProps) {
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
        backgroundImage: `radial-gradient(ellipse 70% 55% at 15% 0%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 70%), radial-gradient(ellipse 60% 50% at 100% 100%, ${alpha(theme.palette.primary.main, 0.1)}, transparent 70%)`,
      })}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 4 },
          py: 2,
        }}
      >
        <Brand />
        <PreferenceToggles showMode={showModeToggle} />
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 8 }}
      >
        <Paper
          variant="outlined"
          sx={(theme) => ({
            width: '100%',
            maxWidth: 420,
            p: { xs: 3, sm: 5 },
            borderRadius: 4,
            boxShadow: `0 24px 60px -28px ${alpha(theme.palette.mode === 'dark' ? '#000' : '#1b2430', 0.45)}`,
          })}
        >
          <Box
            sx={(theme) => ({
              width: 48,
              height: 48,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              mb: 2.5,
              color: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.14),
            })}
          >
            <LockOutlined />
          </Box>
          <Typography component="h1" variant="h5" sx={{ mb: 0.75 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3.5 }}>
            {subtitle}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
