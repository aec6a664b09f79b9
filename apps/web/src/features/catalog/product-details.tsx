import './product-texts';
import type { Family } from '@dalil/contracts/families';
import type { Product } from '@dalil/contracts/products';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatCost } from '@dalil/contracts/cost-format';
import { MediaImage } from './media-image';
import { configQuery } from '../../lib/config-api';
import { usePreferences } from '../../lib/preferences-store';
import { PRODUCT_IMAGE_SIZES } from './image-sizes';
import { ProductAttributes } from './product-attributes';
import { ProductBadges } from './product-badges';
import { PRODUCT_GREEN } from './product-colours';
import { useWanted } from './use-wanted';

// The barcode and QR libraries (about 20 KB gzip) load after the product itself has rendered, once
// their place is on the screen or the visitor scrolls or taps: on a phone they are below the first
// screen, and building the symbols would compete with the page's start-up.
const ProductCodes = lazy(async () => ({ default: (await import('./product-codes')).ProductCodes }));

/** The codes' section, or until it is wanted, an empty band of its height (so nothing shifts). */
function DeferredProductCodes({ product, family }: { product: Product; family: Family | null }) {
  const band = useRef<HTMLDivElement>(null);
  const wanted = useWanted(band, '0px');
  const placeholder = <Box ref={band} sx={{ minHeight: 220 }} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ProductCodes product={product} family={family} />
    </Suspense>
  );
}

interface ProductDetailsProps {
  product: Product;
  family: Family | null;
  /** The family is still being asked for: its line keeps its place, so nothing below it moves. */
  familyPending?: boolean;
}

/** The family line's height: its round logo. */
const FAMILY_LOGO_PX = 44;

/** Name in the reader's language with the other beneath, price, description, image and badges. */
export function ProductDetails({ product, family, familyPending = false }: ProductDetailsProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const other = language === 'ar' ? 'en' : 'ar';
  const description =
    language === 'ar'
      ? (product.descriptionAr ?? product.descriptionEn)
      : (product.descriptionEn ?? product.descriptionAr);
  const currency = useQuery(configQuery).data?.currency ?? null;
  const cost = formatCost(product.cost, language, currency);
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={(theme) => ({
        borderRadius: 4,
        p: { xs: 2, sm: 3 },
        borderColor: PRODUCT_GREEN[theme.palette.mode].border,
        display: 'grid',
        gap: { xs: 2.5, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
        alignItems: 'start',
      })}
    >
      <MediaImage
        name={product.image}
        alt={t('catalog.product.imageAlt', { name: product.name[language] })}
        sizes={PRODUCT_IMAGE_SIZES}
        aspectRatio={1}
        priority
        sx={{ borderRadius: 3 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>
        {!family && familyPending && <Box aria-hidden sx={{ height: FAMILY_LOGO_PX }} />}
        {family && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minHeight: FAMILY_LOGO_PX }}>
            <Box
              sx={{
                width: FAMILY_LOGO_PX,
                borderRadius: '50%',
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                flexShrink: 0,
              }}
            >
              <MediaImage
                name={family.logo}
                alt={t('catalog.familyLogoAlt', { name: family.name[language] })}
                sizes="44px"
                aspectRatio={1}
                fit="contain"
              />
            </Box>
            <Typography lang={language} sx={{ fontWeight: 500, color: 'text.secondary' }}>
              {family.name[language]}
            </Typography>
          </Box>
        )}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          {product.logo && (
            <Box
              sx={{
                width: 56,
                flexShrink: 0,
                borderRadius: 2,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <MediaImage
                name={product.logo}
                alt={t('catalog.product.iconAlt', { name: product.name[language] })}
                sizes="56px"
                aspectRatio={1}
                fit="contain"
              />
            </Box>
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component="h1"
              lang={language}
              sx={{ fontWeight: 700, fontSize: { xs: '1.7rem', sm: '2.2rem' }, lineHeight: 1.35 }}
            >
              {product.name[language]}
            </Typography>
            <Typography
              lang={other}
              color="text.secondary"
              sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' }, mt: 0.5 }}
            >
              {product.name[other]}
            </Typography>
          </Box>
        </Box>
        {cost && (
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('catalog.product.price')}
            </Typography>
            <Typography
              sx={(theme) => ({
                fontWeight: 700,
                fontSize: '1.8rem',
                lineHeight: 1.3,
                color: PRODUCT_GREEN[theme.palette.mode].accent,
              })}
            >
              {cost}
            </Typography>
          </Box>
        )}
        {description && (
          <Box component="section" aria-labelledby="product-description">
            <Typography
              id="product-description"
              component="h2"
              variant="subtitle1"
              sx={{ fontWeight: 700, mb: 0.5 }}
            >
              {t('catalog.product.description')}
            </Typography>
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {description}
            </Typography>
          </Box>
        )}
        <ProductBadges product={product} />
        <ProductAttributes product={product} />
        <DeferredProductCodes product={product} family={family} />
      </Box>
    </Paper>
  );
}
