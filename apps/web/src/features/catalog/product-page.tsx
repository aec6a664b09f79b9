import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { productQuery } from './catalog-api';
import { ProductBackButton } from './product-back-button';
import { ProductDetails } from './product-details';
import { useCatalogFamily } from './use-catalog-family';

/** The single product page: the product's image, names, badges and details. */
export function ProductPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const product = useQuery({ ...productQuery(valid ? id : 0), enabled: valid });
  // The product names its family; with none in state or storage and no product, go to the chooser.
  const family = useCatalogFamily(product.data?.family ?? null);

  if (family.status === 'missing' && (!valid || product.isError))
    return <Navigate to={paths.catalogFamily} replace />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <ProductBackButton />
      </Box>
      {!valid || product.isError ? (
        <Alert severity="warning">{t('errors.notFound')}</Alert>
      ) : product.data ? (
        <ProductDetails
          product={product.data}
          family={family.status === 'ready' ? family.family : null}
          familyPending={family.status === 'loading'}
        />
      ) : (
        <Paper
          variant="outlined"
          sx={{
            borderRadius: 4,
            p: { xs: 2, sm: 3 },
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          }}
        >
          <Skeleton variant="rounded" sx={{ aspectRatio: '1', height: 'auto', borderRadius: 3 }} />
          <Box>
            <Skeleton width="40%" height={40} />
            <Skeleton width="80%" height={56} />
            <Skeleton width="50%" />
            <Skeleton variant="rounded" height={160} sx={{ mt: 3 }} />
          </Box>
        </Paper>
      )}
    </Box>
  );
}
