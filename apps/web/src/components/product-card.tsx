import type { ProductCard as ProductCardData } from '@dalil/contracts/search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../lib/preferences-store';
import { formatWeight } from './catalog-format';
import { MediaImage } from './media-image';

// Grid: 2 columns on phones, 3 from sm, 4 from md, 5 from lg (container max 1200 px).
export const PRODUCT_CARD_SIZES =
  '(min-width: 1200px) 230px, (min-width: 900px) 23vw, (min-width: 600px) 31vw, 48vw';

interface ProductCardProps {
  product: ProductCardData;
  to: string;
  /** Router state carried to the product page (the query to come back to). */
  state?: unknown;
  priority?: boolean;
}

function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        noWrap
        sx={{ m: 0, fontWeight: 500, unicodeBidi: 'isolate' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A product in the catalogue grid: names in both languages, barcode, weight and count per carton. */
export function ProductCard({ product, to, state, priority = false }: ProductCardProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const other = language === 'ar' ? 'en' : 'ar';
  const weight = formatWeight(product.netWeight, language);
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderRadius: 3,
        transition: 'box-shadow 160ms, transform 160ms, border-color 160ms',
        '&:hover': { boxShadow: 6, transform: 'translateY(-2px)', borderColor: 'transparent' },
      }}
    >
      <CardActionArea
        component={Link}
        to={to}
        state={state}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <MediaImage
          name={product.image}
          alt=""
          sizes={PRODUCT_CARD_SIZES}
          aspectRatio={1}
          priority={priority}
        />
        <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
          <Box>
            <Typography
              component="h2"
              lang={language}
              sx={{
                fontWeight: 700,
                fontSize: '1rem',
                lineHeight: 1.45,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {product.name[language]}
            </Typography>
            <Typography variant="body2" color="text.secondary" lang={other} noWrap>
              {product.name[other]}
            </Typography>
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 'auto',
              pt: 1,
              borderTop: 1,
              borderColor: 'divider',
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
              columnGap: 1,
              rowGap: 0.5,
            }}
          >
            {product.barcode && <Fact wide label={t('catalog.card.barcode')} value={product.barcode} />}
            {weight && <Fact label={t('catalog.card.weight')} value={weight} />}
            {product.unitsPerCarton !== null && (
              <Fact label={t('catalog.card.perCarton')} value={String(product.unitsPerCarton)} />
            )}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** Same footprint as a card, shown while a page of results loads. */
export function ProductCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }} aria-hidden>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '1', height: 'auto' }} />
      <Box sx={{ p: 1.5 }}>
        <Skeleton width="85%" height={26} />
        <Skeleton width="60%" />
        <Skeleton width="100%" height={56} sx={{ mt: 1 }} />
      </Box>
    </Card>
  );
}
