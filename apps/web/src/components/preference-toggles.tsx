import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import FormatTextdirectionLToR from '@mui/icons-material/FormatTextdirectionLToR';
import FormatTextdirectionRToL from '@mui/icons-material/FormatTextdirectionRToL';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { HintTooltip } from './hint-tooltip';
import { useTranslation } from '../lib/i18n';
import { useDirection, usePreferences } from '../lib/preferences-store';

interface PreferenceTogglesProps {
  /** Hide the colour-mode switch where the screen has a fixed look (the dark admin login). */
  showMode?: boolean;
}

/** Language, direction and colour mode; all three persist (lib/preferences-store). */
export function PreferenceToggles({ showMode = true }: PreferenceTogglesProps) {
  const { t } = useTranslation();
  const { mode, language, toggleMode, setLanguage, toggleDirection } = usePreferences();
  const direction = useDirection();
  const directionLabel = direction === 'rtl' ? t('prefs.toLtr') : t('prefs.toRtl');
  const modeLabel = mode === 'light' ? t('prefs.toDark') : t('prefs.toLight');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <HintTooltip title={t('prefs.changeLanguage')}>
        <Button
          color="inherit"
          size="small"
          startIcon={<Translate fontSize="small" />}
          onClick={() => setLanguage(language === 'ar' ? 'en' : 'ar')}
          lang={language === 'ar' ? 'en' : 'ar'}
          aria-label={t('prefs.changeLanguage')}
          sx={{
            minWidth: 0,
            px: 1.25,
            whiteSpace: 'nowrap',
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.75 }, ml: 0 },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('prefs.otherLanguage')}
          </Box>
        </Button>
      </HintTooltip>
      <HintTooltip title={directionLabel}>
        <IconButton color="inherit" onClick={toggleDirection} aria-label={directionLabel}>
          {direction === 'rtl' ? <FormatTextdirectionLToR /> : <FormatTextdirectionRToL />}
        </IconButton>
      </HintTooltip>
      {showMode && (
        <HintTooltip title={modeLabel}>
          <IconButton color="inherit" onClick={toggleMode} aria-label={modeLabel}>
            {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
          </IconButton>
        </HintTooltip>
      )}
    </Box>
  );
}
