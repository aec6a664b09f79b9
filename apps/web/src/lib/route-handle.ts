import { useMatches } from 'react-router';
import { useTranslation } from './i18n';
import type { MessageKey } from './locales/en';
import type { Language } from './preferences-store';

/** What a route in the route table declares about itself: its title, by key or in each language. */
export interface RouteHandle {
  titleKey?: MessageKey;
  /** An admin resource's screens are titled by the words of its declaration. */
  title?: Record<Language, string>;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && ('titleKey' in handle || 'title' in handle);
}

/** The title of the deepest matched route that has one, in the current language. */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.title) return handle.title[i18n.language];
    if (handle.titleKey) return t(handle.titleKey);
  }
  return undefined;
}
