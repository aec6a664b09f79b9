import type { ProductCard as ProductCardData } from '@dalil/contracts/search';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { mediaSrcSet, mediaUrl } from '../../lib/media';
import { usePreferences } from '../../lib/preferences-store';
import { formatWeight } from './catalog-format';

// Grid (product-grid.ts): 2 columns on phones, 3 from sm, 4 from md, 5 from lg (container max 1200 px).
const PRODUCT_CARD_SIZES =
  '(min-width: 1200px) 230px, (min-width: 900px) 23vw, (min-width: 600px) 31vw, 48vw';

interface ProductCardProps {
  product: ProductCardData;
  to: string;
  /** Router state carried to the product page (the query to come back to). */
  state?: unknown;
  /** Above the fold, likely the largest paint: load at once with high priority. */
  priority?: boolean;
}

function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'pc-fact pc-fact-wide' : 'pc-fact'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The placeholder drawn where a product has no image (MUI's ImageOutlined icon). */
function NoImage() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d="M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-4.86 8.86-3 3.87L9 13.14 6 17h12z" />
    </svg>
  );
}

/**
 * A product in the catalogue grid (inside a ProductGrid, which holds its styles): names in both languages, barcode, weight
 * and count per carton; the whole card links to the product page.
 */
export function ProductCard({ product, to, state, priority = false }: ProductCardProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const other = language === 'ar' ? 'en' : 'ar';
  const weight = formatWeight(product.netWeight, language);
  return (
    <div className="pc-card">
      <Link className="pc-link" to={to} state={state}>
        <div className="pc-media">
          {product.image ? (
            <img
              src={mediaUrl(product.image, 640)}
              srcSet={mediaSrcSet(product.image)}
              sizes={PRODUCT_CARD_SIZES}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={priority ? 'high' : 'auto'}
              width={640}
              height={640}
            />
          ) : (
            <NoImage />
          )}
        </div>
        <div className="pc-body">
          <div>
            <h2 className="pc-name" lang={language}>
              {product.name[language]}
            </h2>
            <p className="pc-other" lang={other}>
              {product.name[other]}
            </p>
          </div>
          <dl className="pc-facts">
            {product.barcode && <Fact wide label={t('catalog.card.barcode')} value={product.barcode} />}
            {weight && <Fact label={t('catalog.card.weight')} value={weight} />}
            {product.unitsPerCarton !== null && (
              <Fact label={t('catalog.card.perCarton')} value={String(product.unitsPerCarton)} />
            )}
          </dl>
        </div>
      </Link>
    </div>
  );
}

/** Same footprint as a card, shown while a page of results loads. */
export function ProductCardSkeleton() {
  return (
    <div className="pc-card pc-skeleton" aria-hidden>
      <div className="pc-media">
        <span className="pc-bone" />
      </div>
      <div className="pc-body">
        <span className="pc-bone" style={{ width: '85%', height: 22 }} />
        <span className="pc-bone" style={{ width: '60%', height: 16 }} />
        <span className="pc-bone" style={{ width: '100%', height: 48, marginTop: 8 }} />
      </div>
    </div>
  );
}
