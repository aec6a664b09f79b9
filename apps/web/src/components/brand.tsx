import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../lib/i18n';
import { LogoMark } from './logo-mark';

interface BrandProps {
  /** Second line under the name, e.g. "Dashboard"; defaults to the product tagline. */
  subtitle?: string;
  size?: number;
}

export function Brand({ subtitle, size = 40 }: BrandProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <LogoMark size={size} />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="div" sx={{ fontWeight: 700, fontSize: '1.15rem', lineHeight: 1.25 }}>
          {t('app.name')}
        </Typography>
        <Typography component="div" variant="body2" color="text.secondary" noWrap sx={{ lineHeight: 1.3 }}>
          {subtitle ?? t('app.tagline')}
        </Typography>
      </Box>
    </Box>
  );
}
