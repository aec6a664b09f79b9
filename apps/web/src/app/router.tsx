import { Navigate, type RouteObject } from 'react-router';
import { SessionGuard } from '../features/auth/session-guard';
import type { LoginScreenProps } from '../features/auth/login-screen';
import type { adminPages, PageLoader } from '../features/admin/resources';
import { adminResourceKeys, resourceScreens } from '../lib/admin-screens';
import type { MessageKey } from '../lib/locales/en';
import { adminPaths, apiPaths, paths } from '../lib/paths';
import type { RouteHandle } from '../lib/route-handle';
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

/**
 * List, create and edit of every admin resource (lib/admin-screens.ts). Its pages come from its entry
 * in features/admin/resources.ts, loaded on the first admin screen (the admin shell's menu needs it
 * too), so the first load holds only the paths and titles.
 */
/** The admin root module: the resources' pages and the other admin screens it loads. */
const adminRoot = () => import('../features/admin/resources');
type AdminPages = typeof adminPages;

/** One of the other admin screens, loaded through the admin root module like the resources' pages. */
const adminPage = (key: keyof AdminPages): RouteObject =>
  page(paths[key], `pages.${key}`, async () => (await adminRoot()).adminPages[key]());

const resourceRoutes = adminResourceKeys.flatMap((key) => {
  const screen =
    (which: 'list' | 'form'): PageLoader =>
    async () =>
      (await adminRoot()).adminResources[key][which]();
  const [list, form] = [screen('list'), screen('form')];
  const at = adminPaths[key];
  const titles = resourceScreens(key);
  return [
    page(at.list, titles.list, list),
    page(at.create, titles.create, form),
    page(at.edit(':id'), titles.edit, form),
  ];
});

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
            redirectTo: adminPaths.families.list,
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
            path: paths.admin,
            element: <SessionGuard scope="admin" />,
            children: [
              {
                lazy: async () => ({ Component: (await import('../features/admin/admin-shell')).AdminShell }),
                children: [
                  { index: true, element: <Navigate to={adminPaths.families.list} replace /> },
                  ...resourceRoutes,
                  adminPage('activity'),
                  adminPage('imports'),
                  adminPage('bin'),
                  adminPage('apiKeys'),
                  adminPage('webhooks'),
                  adminPage('uploadAll'),
                  adminPage('uploadCategories'),
                  adminPage('uploadProducts'),
                  adminPage('feeds'),
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
