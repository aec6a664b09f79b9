import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { SessionGuard } from '../features/auth/session-guard';
import type { LoginScreenProps } from '../features/auth/login-screen';
import type { AdminResource, adminPages, PageLoader } from '../features/admin/resources';
import type { MessageKey } from '../lib/locales/en';
import { apiPaths, paths } from '../lib/paths';
import type { RouteHandle } from '../lib/route-handle';
import { adminResourcePaths } from '@dalil/contracts/web-paths';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

const handle = (titleKey: MessageKey): RouteHandle => ({ titleKey });

/** A screen in its own lazy chunk, titled by its handle. */
const page = (path: string, titleKey: MessageKey, load: PageLoader): RouteObject => ({
  path,
  handle: handle(titleKey),
  lazy: async () => ({ Component: await load() }),
});

const login = (path: string, screen: LoginScreenProps): RouteObject => ({
  path,
  handle: handle(screen.title),
  lazy: async () => {
    const { LoginScreen } = await import('../features/auth/login-screen');
    return { element: <LoginScreen {...screen} /> };
  },
});

/** The admin root module: the resources' screens and the other admin screens it loads. */
const adminRoot = () => import('../features/admin/resources');
type AdminPages = typeof adminPages;

/** One of the other admin screens, loaded through the admin root module like the resources' pages. */
const adminPage = (key: keyof AdminPages): RouteObject =>
  page(paths[key], `pages.${key}`, async () => (await adminRoot()).adminPages[key]());

/** An address a resource's screens had before they had a list of their own: it leads to the list. */
const moved = (path: string): RouteObject => ({ path, element: <Navigate to={`${path}/list`} replace /> });

/** The admin area's route, and the shell inside it that holds every admin screen (the resources'
 * routes are added to the shell on first use). */
const ADMIN = 'admin';
const ADMIN_SHELL = 'admin-shell';

/** List, create and (unless it has none) edit of one admin resource, titled by its declaration's words. */
export function resourceRoutes({ declaration, list, form }: AdminResource): RouteObject[] {
  const at = adminResourcePaths(declaration.screens.segment);
  const title = (which: 'list' | 'create' | 'edit') => ({
    ar: declaration.words.ar[which] ?? '',
    en: declaration.words.en[which] ?? '',
  });
  const screen = (path: string, which: 'list' | 'create' | 'edit', load: PageLoader): RouteObject => ({
    path,
    handle: { title: title(which) } satisfies RouteHandle,
    lazy: async () => ({ Component: await load() }),
  });
  return [
    screen(at.list, 'list', list),
    screen(at.create, 'create', form),
    // A resource whose records are never edited has no edit screen (its declaration says).
    ...(declaration.screens.edit === false ? [] : [screen(at.edit(':id'), 'edit', form)]),
  ];
}

/**
 * Adds the admin resources' routes (from their declarations, in the admin root module) the first time
 * an admin address is not matched by the routes the app started with: the visitor's first load holds
 * no resource at all, and a new resource is declared in the contracts and its folder only. The
 * router dedupes routes patched twice.
 */
export const patchAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  // Only in the admin area (a test's own route table may have none); patching twice is a no-op.
  if (!path.startsWith(`${paths.admin}/`) || !matches.some((match) => match.route.id === ADMIN)) return;
  const { adminResources } = await adminRoot();
  patch(ADMIN_SHELL, Object.values(adminResources).flatMap(resourceRoutes));
};

/**
 * The route table (docs/architecture.md, "Layers"). The catalogue and admin trees are lazy: visitors
 * never load admin code.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: ErrorPage,
        children: [
          login(paths.adminLogin, {
            apiPath: apiPaths.adminLogin,
            redirectTo: paths.admin,
            title: 'auth.adminTitle',
            subtitle: 'auth.adminSubtitle',
            dark: true,
          }),
          login(paths.catalogLogin, {
            apiPath: apiPaths.userLogin,
            redirectTo: paths.catalogFamily,
            title: 'auth.catalogTitle',
            subtitle: 'auth.catalogSubtitle',
          }),
          {
            element: <SessionGuard scope="user" />,
            children: [
              {
                lazy: async () => ({
                  Component: (await import('../features/catalog/catalog-layout')).CatalogLayout,
                }),
                children: [
                  page(
                    paths.catalogFamily,
                    'pages.familyChooser',
                    async () => (await import('../features/catalog/family-chooser-page')).FamilyChooserPage,
                  ),
                  page(
                    paths.catalogMain,
                    'pages.catalogMain',
                    async () => (await import('../features/catalog/catalog-main-page')).CatalogMainPage,
                  ),
                  page(
                    paths.catalogProduct(':id'),
                    'pages.product',
                    async () => (await import('../features/catalog/product-page')).ProductPage,
                  ),
                ],
              },
              // The printable catalogue is a document of its own: no catalogue chrome around it.
              page(
                paths.catalogPrint,
                'pages.catalogPrint',
                async () => (await import('../features/catalog/print/print-page')).PrintPage,
              ),
            ],
          },
          {
            id: ADMIN,
            path: paths.admin,
            element: <SessionGuard scope="admin" />,
            children: [
              {
                id: ADMIN_SHELL,
                lazy: async () => ({ Component: (await import('../features/admin/admin-shell')).AdminShell }),
                children: [
                  // The admin area opens on the first resource's list.
                  {
                    index: true,
                    lazy: async () => {
                      const [first] = Object.values((await adminRoot()).adminResources);
                      const at = adminResourcePaths(first!.declaration.screens.segment);
                      return { element: <Navigate to={at.list} replace /> };
                    },
                  },
                  adminPage('activity'),
                  adminPage('imports'),
                  adminPage('bin'),
                  // Where the API keys' and webhooks' screens were before each had its list.
                  moved(paths.apiKeys),
                  moved(paths.webhooks),
                  adminPage('uploadAll'),
                  adminPage('uploadCategories'),
                  adminPage('uploadProducts'),
                  // The feeds' address before they were a declared resource: their list now.
                  { path: paths.feeds, element: <Navigate to={`${paths.feeds}/list`} replace /> },
                  adminPage('uploadImages'),
                ],
              },
            ],
          },
          // The site's root is the way in: the catalogue login, which goes on to the catalogue.
          { path: paths.home, element: <Navigate to={paths.catalogLogin} replace /> },
          // Any other path says so (the server answers it 404).
          page('*', 'pages.notFound', async () => (await import('./not-found-page')).NotFoundPage),
        ],
      },
    ],
  },
];
