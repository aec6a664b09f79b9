import './product-texts';
import type { Family } from '@dalil/contracts/families';
import type { Product } from '@dalil/contracts/products';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n';
import { useNotifications } from '../../lib/notifications-store';
import { paths } from '../../lib/paths';
import { usePreferences } from '../../lib/preferences-store';
import { BarcodeSymbol } from './barcode-symbol';
import { QrSymbol } from './qr-symbol';
import { shareLink } from './share-link';

interface ProductCodesProps {
  product: Product;
  family: Family | null;
}

/** The product's barcode as a symbol, a QR code to this page, and Share (or copy the link). */
export function ProductCodes({ product, family }: ProductCodesProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const name = product.name[language];
  // In the reader's language: the link's preview and the page it opens are in it too.
  const url = new URL(paths.catalogProductIn(product.id, language), window.location.origin).href;

  const onShare = async () => {
    const title = family ? t('catalog.product.shareTitle', { name, family: family.name[language] }) : name;
    const outcome = await shareLink({ title, url });
    // The app's one snackbar confirms (or says the copy failed); the QR code beside it still works.
    const { show } = useNotifications.getState();
    if (outcome === 'copied') show({ severity: 'success', messageKey: 'catalog.product.linkCopied' });
    else if (outcome === 'failed') show({ severity: 'warning', messageKey: 'catalog.product.copyFailed' });
  };

  return (
    <Box
      component="section"
      aria-labelledby="product-codes"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        p: 2,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography
        id="product-codes"
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, gridColumn: '1 / -1' }}
      >
        {t('catalog.product.codes')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
        <BarcodeSymbol
          value={product.barcode}
          label={(digits) => t('catalog.product.barcodeSymbol', { digits })}
          style={{ width: '100%', maxWidth: 260, height: 'auto', borderRadius: 4 }}
        />
        <Button variant="outlined" startIcon={<ShareOutlined />} onClick={() => void onShare()}>
          {t('catalog.product.share')}
        </Button>
      </Box>
      <Box
        component="figure"
        sx={{ m: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75 }}
      >
        {/* The rounded white frame is the wrapper's, not the symbol's: the symbol stays a white square
            to its corners, so in dark mode no page colour shows inside what a scanner crops to. */}
        <Box sx={{ bgcolor: '#ffffff', borderRadius: '4px', p: '2px' }}>
          <QrSymbol
            text={url}
            label={t('catalog.product.qrLabel', { name })}
            style={{ width: 128, height: 128 }}
          />
        </Box>
        <Typography
          component="figcaption"
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center' }}
        >
          {t('catalog.product.qrHint')}
        </Typography>
      </Box>
    </Box>
  );
}
