import './print-texts';
import type { Product } from '@dalil/contracts/products';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useTranslation } from '../../../lib/i18n';
import { formatCost } from '@dalil/contracts/cost-format';
import { formatWeight } from '../catalog-format';
import { mediaUrl } from '../../../lib/media';
import { BarcodeSymbol } from '../barcode-symbol';
import { QrSymbol } from '../qr-symbol';
import { PrintAttributes } from './print-attributes';
import type { PrintData } from './print-api';
import type { PrintPlan, PrintSection } from './print-plan';

type Lang = 'ar' | 'en';

interface SheetFrameProps {
  family: PrintData['family'];
  language: Lang;
  page: number;
  pages: number;
  className?: string;
  id?: string;
  children: React.ReactNode;
}

/**
 * One A4 page. On screen it shows the running header and the page number that print takes from
 * the @page margin boxes (print-styles.ts).
 */
function Sheet({ family, language, page, pages, className, id, children }: SheetFrameProps) {
  const { t } = useTranslation();
  return (
    <section className={`dp-sheet ${className ?? ''}`} id={id} data-page={page}>
      <div className="dp-screen-head" aria-hidden>
        {family.logo && <img src={mediaUrl(family.logo, 160)} alt="" />}
        <span>{family.name[language]}</span>
      </div>
      {children}
      <div className="dp-screen-foot" aria-hidden>
        {t('catalog.print.pageOf', { page, pages })}
      </div>
    </section>
  );
}

interface CoverProps {
  data: PrintData;
  plan: PrintPlan;
  language: Lang;
  catalogueUrl: string;
  categoryName: string | null;
}

export function CoverSheet({ data, plan, language, catalogueUrl, categoryName }: CoverProps) {
  const { t } = useTranslation();
  const { family } = data;
  const other = language === 'ar' ? 'en' : 'ar';
  const cover = family.cover ?? family.image;
  const products = plan.sections.reduce((sum, s) => sum + s.products.length, 0);
  const date = new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    dateStyle: 'long',
  }).format(new Date());
  return (
    <section className="dp-sheet dp-cover" data-page={1}>
      <div className="dp-cover-image">
        {cover && <img src={mediaUrl(cover, 1280)} alt="" />}
        {family.logo && (
          <div className="dp-cover-logo">
            <img
              src={mediaUrl(family.logo, 320)}
              alt={t('catalog.familyLogoAlt', { name: family.name[language] })}
            />
          </div>
        )}
      </div>
      <div className="dp-cover-body">
        <p className="dp-cover-kicker">{categoryName ?? t('catalog.print.catalogue')}</p>
        <h1 lang={language}>{family.name[language]}</h1>
        <p className="dp-cover-other">
          <bdi lang={other}>{family.name[other]}</bdi>
        </p>
        <p className="dp-cover-facts">
          <span>{t('catalog.print.categoryCount', { count: plan.sections.length })}</span>
          <span>{t('catalog.print.productCount', { count: products })}</span>
        </p>
        <div className="dp-cover-foot">
          <p>{t('catalog.print.printedOn', { date })}</p>
          <div className="dp-cover-qr">
            <QrSymbol
              text={catalogueUrl}
              label={t('catalog.print.catalogueQr', { name: family.name[language] })}
            />
            <span>{t('catalog.print.scanCatalogue')}</span>
          </div>
        </div>
      </div>
    </section>
  );
}

interface ContentsProps {
  data: PrintData;
  plan: PrintPlan;
  language: Lang;
}

export function ContentsSheets({ data, plan, language }: ContentsProps) {
  const { t } = useTranslation();
  const other = language === 'ar' ? 'en' : 'ar';
  return plan.contents.map((rows, index) => (
    <Sheet
      key={`contents-${index}`}
      family={data.family}
      language={language}
      page={2 + index}
      pages={plan.pageCount}
      className="dp-contents"
    >
      {index === 0 && <h2>{t('catalog.print.contents')}</h2>}
      <ol aria-label={t('catalog.print.contents')}>
        {rows.map((section) => (
          <li key={section.category.id}>
            <a href={`#category-${section.category.id}`}>
              <span className="dp-name">{section.category.name[language]}</span>
              <span className="dp-other" lang={other}>
                {section.category.name[other]}
              </span>
              <span className="dp-count">
                {t('catalog.print.productCount', { count: section.products.length })}
              </span>
              <span className="dp-page" aria-label={`${t('catalog.print.page')} ${section.firstPage}`}>
                {section.firstPage}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </Sheet>
  ));
}

function ProductItem({ product, language }: { product: Product; language: Lang }) {
  const { t } = useTranslation();
  const other = language === 'ar' ? 'en' : 'ar';
  const weight = formatWeight(product.netWeight, language);
  const cost = formatCost(product.cost, language);
  const facts: [string, string][] = [];
  if (weight) facts.push([t('catalog.print.weight'), weight]);
  if (product.unitsPerCarton !== null)
    facts.push([t('catalog.print.unitsPerCarton'), String(product.unitsPerCarton)]);
  if (product.cartonPerPalate !== null)
    facts.push([t('catalog.print.cartonPerPalate'), String(product.cartonPerPalate)]);
  if (cost) facts.push([t('catalog.print.cost'), cost]);
  return (
    <article className="dp-item" aria-label={product.name[language]}>
      <div className="dp-item-image">
        {product.image ? (
          <img
            src={mediaUrl(product.image, 320)}
            alt={t('catalog.product.imageAlt', { name: product.name[language] })}
          />
        ) : (
          <ImageOutlined aria-hidden />
        )}
      </div>
      <div className="dp-item-body">
        <h3 lang={language}>{product.name[language]}</h3>
        <p className="dp-other">
          <bdi lang={other}>{product.name[other]}</bdi>
        </p>
        {facts.length > 0 && (
          <dl className="dp-facts">
            {facts.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <PrintAttributes product={product} language={language} />
      </div>
      <div className="dp-item-code">
        {product.barcode ? (
          <BarcodeSymbol
            value={product.barcode}
            label={(digits) => t('catalog.print.barcodeSymbol', { digits })}
          />
        ) : (
          <span>{t('catalog.print.noBarcode')}</span>
        )}
      </div>
    </article>
  );
}

interface CategoryProps {
  section: PrintSection;
  data: PrintData;
  plan: PrintPlan;
  language: Lang;
}

export function CategorySheets({ section, data, plan, language }: CategoryProps) {
  const { t } = useTranslation();
  const other = language === 'ar' ? 'en' : 'ar';
  const name = section.category.name[language];
  return section.sheets.map((products, index) => (
    <Sheet
      key={index}
      id={index === 0 ? `category-${section.category.id}` : undefined}
      family={data.family}
      language={language}
      page={section.firstPage + index}
      pages={plan.pageCount}
    >
      <header className="dp-category-head">
        <h2>{index === 0 ? name : t('catalog.print.continued', { name })}</h2>
        <p lang={other}>{section.category.name[other]}</p>
      </header>
      <div className="dp-grid">
        {products.map((product) => (
          <ProductItem key={product.id} product={product} language={language} />
        ))}
      </div>
    </Sheet>
  ));
}
