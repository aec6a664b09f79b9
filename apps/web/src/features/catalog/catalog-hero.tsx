import type { Family } from '@dalil/contracts/families';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { MediaImage } from './media-image';
import { paths } from '../../lib/paths';
import { usePreferences } from '../../lib/preferences-store';
import { HERO_LOGO_SIZES, HERO_SIZES } from './image-sizes';

interface CatalogHeroProps {
  family: Family;
  /** The companies button is disabled when only one family exists. */
  companiesDisabled: boolean;
}

/** The family's cover (or a default background), its logo and names, the headline. */
export function CatalogHero({ family, companiesDisabled }: CatalogHeroProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const other = language === 'ar' ? 'en' : 'ar';
  const cover = family.cover ?? family.image;
  return (
    <Box
      component="section"
      aria-labelledby="catalog-headline"
      sx={{
        position: 'relative',
        borderRadius: { xs: 3, sm: 4 },
        overflow: 'hidden',
        color: '#fff',
        // The default background when a family has no cover: the brand colours.
        background: 'linear-gradient(135deg, #1f5f86 0%, #3c8dbc 55%, #6cb4e0 100%)',
      }}
    >
      {cover && (
        <MediaImage
          name={cover}
          alt=""
          sizes={HERO_SIZES}
          aspectRatio={4}
          priority
          sx={{ position: 'absolute', inset: 0, aspectRatio: 'auto', height: '100%' }}
        />
      )}
      <Box
        sx={{
          position: 'relative',
          minHeight: { xs: 240, sm: 260, md: 290 },
          p: { xs: 2.5, sm: 4 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          gap: 2,
          // A scrim keeps the white text readable on any cover.
          background:
            'linear-gradient(to top, rgba(8, 14, 20, 0.82) 0%, rgba(8, 14, 20, 0.5) 55%, rgba(8, 14, 20, 0.2) 100%)',
        }}
      >
        <Button
          component={Link}
          to={paths.catalogFamily}
          disabled={companiesDisabled}
          startIcon={<ApartmentOutlined />}
          title={t('catalog.main.companiesHint')}
          sx={{
            position: 'absolute',
            top: { xs: 12, sm: 20 },
            insetInlineEnd: { xs: 12, sm: 20 },
            bgcolor: 'rgba(255, 255, 255, 0.94)',
            color: '#1b2430',
            fontWeight: 700,
            '&:hover': { bgcolor: '#fff' },
            '&.Mui-disabled': { bgcolor: 'rgba(255, 255, 255, 0.6)', color: '#4d5a69' },
          }}
        >
          {t('catalog.main.companies')}
        </Button>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 } }}>
          <Box
            sx={{
              width: { xs: 64, sm: 84 },
              flexShrink: 0,
              borderRadius: '50%',
              overflow: 'hidden',
              border: 3,
              borderColor: '#fff',
              bgcolor: '#fff',
              boxShadow: 3,
            }}
          >
            <MediaImage
              name={family.logo}
              alt={t('catalog.familyLogoAlt', { name: family.name[language] })}
              sizes={HERO_LOGO_SIZES}
              aspectRatio={1}
              fit="contain"
              priority
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              lang={language}
              sx={{ fontWeight: 700, fontSize: { xs: '1.15rem', sm: '1.4rem' }, lineHeight: 1.4 }}
            >
              {family.name[language]}
            </Typography>
            <Typography lang={other} sx={{ opacity: 0.9, fontSize: { xs: '0.9rem', sm: '1rem' } }}>
              {family.name[other]}
            </Typography>
          </Box>
        </Box>
        <Typography
          id="catalog-headline"
          component="h1"
          sx={{
            fontWeight: 700,
            fontSize: { xs: '1.55rem', sm: '2.1rem', md: '2.5rem' },
            lineHeight: 1.35,
            textWrap: 'balance',
          }}
        >
          {t('catalog.main.headline')}
        </Typography>
      </Box>
    </Box>
  );
}
