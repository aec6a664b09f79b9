import { ADMIN_RESOURCES } from './admin-resources';
import { adminResourcePaths, WEB_PATHS } from './web-paths';

// The server's view of the app's addresses (it answers index.html with 200 on these and 404 on any
// other); the admin resources' screens come from their declarations, so this module is not part of
// the visitor's first load.

/** Every address the app has a route for, as its patterns (`:id` is one path segment). */
export const WEB_ROUTE_PATTERNS: readonly string[] = [
  ...Object.values(WEB_PATHS),
  ...ADMIN_RESOURCES.flatMap(({ screens }) => {
    const at = adminResourcePaths(screens.segment);
    return [at.list, at.create, ...(screens.edit === false ? [] : [at.edit(':id')])];
  }),
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ROUTE = new RegExp(
  `^(?:${WEB_ROUTE_PATTERNS.map((pattern) =>
    pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('/'),
  ).join('|')})/*$`,
);

/** Whether the app has a screen at a path (without its query); a trailing slash is the same path. */
export const isWebRoute = (path: string): boolean => ROUTE.test(path);
