import { CatalogPlaceholder } from './catalog-placeholder';

export function ProductPage() {
  return <CatalogPlaceholder titleKey="pages.product" />;
}
