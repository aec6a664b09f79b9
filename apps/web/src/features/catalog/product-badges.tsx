import './product-texts';
import type { Product } from '@dalil/contracts/products';
import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Pallet from '@mui/icons-material/Pallet';
import QrCode2 from '@mui/icons-material/QrCode2';
import ScaleOutlined from '@mui/icons-material/ScaleOutlined';
import Tag from '@mui/icons-material/Tag';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatShelfLife, formatWeight } from './catalog-format';
import { usePreferences } from '../../lib/preferences-store';
import { PRODUCT_GREEN } from './product-colours';

interface BadgeProps {
  icon: ReactNode;
  label: string;
  value: string | null;
}

function Badge({ icon, label, value }: BadgeProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: PRODUCT_GREEN[theme.palette.mode].accent,
          bgcolor: PRODUCT_GREEN[theme.palette.mode].soft,
        })}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 700, unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}>
          {value ?? t('catalog.product.notSet')}
        </Typography>
      </Box>
    </Box>
  );
}

/** Four info badges, plus the drained weight, the code and the shelf life when they are known. */
export function ProductBadges({ product }: { product: Product }) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const count = (n: number | null) => (n === null ? null : String(n));
  const shelfLife = formatShelfLife(product.shelfLife, language);
  const drained = formatWeight(product.drainedWeight, language);
  return (
    <Box
      component="ul"
      aria-label={t('catalog.product.details')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Badge
        icon={<Inventory2Outlined />}
        label={t('catalog.product.unitsPerCarton')}
        value={count(product.unitsPerCarton)}
      />
      <Badge
        icon={<ScaleOutlined />}
        label={t('catalog.product.netWeight')}
        value={formatWeight(product.netWeight, language)}
      />
      <Badge icon={<QrCode2 />} label={t('catalog.product.barcode')} value={product.barcode} />
      <Badge
        icon={<Pallet />}
        label={t('catalog.product.cartonPerPalate')}
        value={count(product.cartonPerPalate)}
      />
      {drained && (
        <Badge icon={<WaterDropOutlined />} label={t('catalog.product.drainedWeight')} value={drained} />
      )}
      {product.number && <Badge icon={<Tag />} label={t('catalog.product.code')} value={product.number} />}
      {shelfLife && (
        <Badge icon={<HourglassBottomOutlined />} label={t('catalog.product.shelfLife')} value={shelfLife} />
      )}
    </Box>
  );
}
