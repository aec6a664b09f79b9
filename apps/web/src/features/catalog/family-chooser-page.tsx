import { CatalogPlaceholder } from './catalog-placeholder';

export function FamilyChooserPage() {
  return <CatalogPlaceholder titleKey="pages.familyChooser" />;
}
