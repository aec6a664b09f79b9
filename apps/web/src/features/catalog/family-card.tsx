import type { Family } from '@dalil/contracts/families';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { MediaImage } from './media-image';
import { usePreferences } from '../../lib/preferences-store';
import { FAMILY_COVER_SIZES } from './image-sizes';

const LOGO_PX = 88;

interface FamilyCardProps {
  family: Family;
  to: string;
  onChoose: (family: Family) => void;
  priority?: boolean;
}

/** One company on the chooser: its cover, its logo over the cover's edge, its names. */
export function FamilyCard({ family, to, onChoose, priority = false }: FamilyCardProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 4, height: '100%', transition: 'box-shadow 160ms', '&:hover': { boxShadow: 8 } }}
    >
      <CardActionArea
        component={Link}
        to={to}
        onClick={() => onChoose(family)}
        aria-label={t('catalog.chooser.open', { name: family.name[language] })}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <MediaImage
          name={family.cover ?? family.image}
          alt=""
          sizes={FAMILY_COVER_SIZES}
          aspectRatio={8 / 3}
          priority={priority}
        />
        <Box
          sx={{
            px: 2.5,
            pb: 2.5,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            flex: 1,
          }}
        >
          <Box
            sx={{
              mt: `-${LOGO_PX / 2}px`,
              width: LOGO_PX,
              borderRadius: '50%',
              border: 4,
              borderColor: 'background.paper',
              bgcolor: 'background.paper',
              overflow: 'hidden',
              boxShadow: 2,
              zIndex: 1,
            }}
          >
            <MediaImage
              name={family.logo}
              alt=""
              sizes={`${LOGO_PX}px`}
              aspectRatio={1}
              fit="contain"
              priority={priority}
            />
          </Box>
          <Typography component="h2" lang={language} sx={{ mt: 1.5, fontWeight: 700, fontSize: '1.3rem' }}>
            {family.name[language]}
          </Typography>
          <Typography color="text.secondary" lang={other}>
            {family.name[other]}
          </Typography>
          <ArrowForward
            aria-hidden
            sx={{
              mt: 1.5,
              color: 'primary.main',
              transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined),
            }}
          />
        </Box>
      </CardActionArea>
    </Card>
  );
}

/**
 * A card's shape while the families load, line for line as tall as the card (each text bar takes its
 * height from the same type as the name it stands for), so nothing below moves when they arrive.
 */
export function FamilyCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ borderRadius: 4 }} aria-hidden>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '8 / 3', height: 'auto' }} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2.5, pb: 2.5 }}>
        <Skeleton variant="circular" width={LOGO_PX} height={LOGO_PX} sx={{ mt: `-${LOGO_PX / 2}px` }} />
        <Typography component="div" sx={{ mt: 1.5, fontWeight: 700, fontSize: '1.3rem', width: '55%' }}>
          <Skeleton />
        </Typography>
        <Typography component="div" sx={{ width: '40%' }}>
          <Skeleton />
        </Typography>
        <Box sx={{ mt: 1.5, height: 24 }} />
      </Box>
    </Card>
  );
}
