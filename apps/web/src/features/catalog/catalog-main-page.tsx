import { CatalogPlaceholder } from './catalog-placeholder';

export function CatalogMainPage() {
  return <CatalogPlaceholder titleKey="pages.catalogMain" />;
}
