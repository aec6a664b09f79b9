import { NotFoundNotice } from '../components/not-found-notice';
import { useTranslation } from '../lib/i18n';

/** An address the app has no screen for (the server answers it 404). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NotFoundNotice component="main" title={t('pages.notFound')} text={t('catalog.pageNotFound.text')} />
  );
}
