import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { apiErrorMessage } from '../../lib/api-error-message';
import { productQuery } from './catalog-api';
import { ProductBackButton } from './product-back-button';
import { ProductDetails } from './product-details';
import { ProductNotFound } from './product-not-found';
import { useCatalogFamily } from './use-catalog-family';

/** The single product page: the product's image, names, badges and details. */
export function ProductPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  // The page says what went wrong itself (not found, or the server's failure).
  const product = useQuery({
    ...productQuery(valid ? id : 0),
    enabled: valid,
    meta: { handlesErrors: true },
  });
  // The product names its family (shown in the layout's header once known).
  const family = useCatalogFamily(product.data?.family ?? null);

  const notFound = !valid || (isApiError(product.error) && product.error.status === 404);
  if (notFound) return <ProductNotFound />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <ProductBackButton />
      </Box>
      {product.isError ? (
        <Alert severity="error">{apiErrorMessage(product.error, t, i18n.language)}</Alert>
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
