import { useTranslation } from '../lib/i18n';
import { apiErrorMessage } from '../lib/api-error-message';
import type { MessageKey } from '../lib/locales/en';
import type { Notice } from '../lib/notifications-store';

/** A notice's text, worked out at render so it follows the language. */
export function useNoticeMessage(notice: Notice): string {
  const { t, i18n } = useTranslation();
  return notice.messageKey
    ? t(notice.messageKey as MessageKey)
    : apiErrorMessage(notice.error, t, i18n.language);
}
