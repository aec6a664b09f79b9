import { NotFoundNotice } from '../../components/not-found-notice';
import { useTranslation } from '../../lib/i18n';

/** An address that names no product. */
export function ProductNotFound() {
  const { t } = useTranslation();
  return <NotFoundNotice title={t('catalog.notFound.title')} text={t('catalog.notFound.text')} />;
}
