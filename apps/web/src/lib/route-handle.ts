import { useMatches } from 'react-router';
import type { MessageKey } from './locales/en';

/** What a route in the route table declares about itself. */
export interface RouteHandle {
  titleKey?: MessageKey;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** The title key of the deepest matched route that has one. */
export function usePageTitleKey(): MessageKey | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.titleKey) return handle.titleKey;
  }
  return undefined;
}
