import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../lib/paths';
import { isFailedImport } from '../lib/server-reach';
import { CodeUnreachable } from './code-unreachable';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * "Oops!", the apology, then the status text or message; the error is logged. A screen whose code
 * could not be downloaded gets the unreachable message instead.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    // The server-rendered page would otherwise stand above the message.
    document.getElementById('served-page')?.remove();
  }, [error]);
  if (isFailedImport(error)) return <CodeUnreachable />;
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 3,
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <ReportProblemOutlined sx={{ fontSize: 56, color: 'warning.main', mb: 1 }} />
      <Typography component="h1" variant="h3">
        {t('errorPage.title')}
      </Typography>
      <Typography>{t('errorPage.text')}</Typography>
      <Typography color="text.secondary" sx={{ fontStyle: 'italic' }} dir="auto">
        {describe(error)}
      </Typography>
      <Button component={Link} to={paths.catalogLogin} variant="contained" sx={{ mt: 2 }}>
        {t('errorPage.home')}
      </Button>
    </Box>
  );
}
