import type { Family } from '@dalil/contracts/families';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { configQuery } from '../../lib/config-api';
import { paths } from '../../lib/paths';
import { usePreferences } from '../../lib/preferences-store';
import { familiesQuery } from './catalog-api';
import { catalogQueryString } from './catalog-query';
import { useCatalogStore } from './catalog-store';
import { FamilyCard, FamilyCardSkeleton } from './family-card';
import { CHOOSER_EAGER_CARDS } from './image-sizes';

const mainPathFor = (family: Family) =>
  `${paths.catalogMain}${catalogQueryString({ family: family.id, search: '', category: null, page: 1 })}`;

/** The family chooser: one card per family; a single family is chosen at once. */
export function FamilyChooserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = usePreferences((s) => s.language);
  const selectFamily = useCatalogStore((s) => s.selectFamily);
  const config = useQuery(configQuery);
  const families = useQuery(familiesQuery);
  const only = families.data?.data.length === 1 ? families.data.data[0] : undefined;

  useEffect(() => {
    if (!only) return;
    selectFamily(only);
    void navigate(mainPathFor(only), { replace: true });
  }, [only, selectFamily, navigate]);

  const holding = config.data?.holding;
  const [first, second] =
    language === 'ar' ? (['nameAr', 'nameEn'] as const) : (['nameEn', 'nameAr'] as const);
  return (
    <Box>
      <Box component="header" sx={{ textAlign: 'center', mb: { xs: 4, sm: 6 }, mt: { xs: 1, sm: 2 } }}>
        <Typography
          component="p"
          lang={language}
          sx={{
            fontWeight: 700,
            fontSize: { xs: '1.05rem', sm: '1.25rem' },
            color: 'text.secondary',
            minHeight: '1.7em',
          }}
        >
          {holding?.[first]}
        </Typography>
        <Typography
          component="p"
          lang={language === 'ar' ? 'en' : 'ar'}
          sx={{ color: 'text.secondary', minHeight: '1.7em' }}
        >
          {holding?.[second]}
        </Typography>
        <Typography
          component="h1"
          variant="h3"
          sx={{ mt: 2, fontSize: { xs: '1.75rem', sm: '2.6rem' }, lineHeight: 1.35 }}
        >
          {t('catalog.chooser.prompt')}
        </Typography>
      </Box>
      {families.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      {families.data?.data.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('catalog.chooser.empty')}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={t('catalog.chooser.familiesLabel')}
        aria-busy={families.isPending}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 2.5, sm: 3 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(240px, 1fr))' },
          maxWidth: 1100,
          mx: 'auto',
        }}
      >
        {families.isPending
          ? // Keys of their own: a skeleton's <li> reused for a family of the same id would move
            // on the page (a layout shift) instead of being replaced.
            [0, 1, 2].map((i) => (
              <li key={`skeleton-${i}`}>
                <FamilyCardSkeleton />
              </li>
            ))
          : families.data?.data.map((family, index) => (
              <li key={family.id}>
                <FamilyCard
                  family={family}
                  to={mainPathFor(family)}
                  onChoose={selectFamily}
                  priority={index < CHOOSER_EAGER_CARDS}
                />
              </li>
            ))}
      </Box>
    </Box>
  );
}
