import { Navigate, type RouteObject } from 'react-router';
import { SessionGuard } from '../features/auth/session-guard';
import type { MessageKey } from '../lib/locales/en';
import { apiPaths, paths } from '../lib/paths';
import type { RouteHandle } from '../lib/route-handle';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

const handle = (titleKey: MessageKey): RouteHandle => ({ titleKey });

// Each admin screen is its own lazy chunk; screens still to come show their title meanwhile.
type PageLoader = () => Promise<NonNullable<RouteObject['Component']>>;
const placeholder: PageLoader = async () =>
  (await import('../features/admin/placeholder-page')).PlaceholderPage;
const adminPage = (path: string, titleKey: MessageKey, load: PageLoader = placeholder): RouteObject => ({
  path,
  handle: handle(titleKey),
  lazy: async () => ({ Component: await load() }),
});

/** Spec section 2, route table. The catalogue and admin trees are lazy: visitors never load admin code. */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: () => null,
    children: [
      {
        ErrorBoundary: ErrorPage,
        children: [
          {
            path: paths.adminLogin,
            handle: handle('auth.adminTitle'),
            lazy: async () => {
              const { LoginScreen } = await import('../features/auth/login-screen');
              const screen = { apiPath: apiPaths.adminLogin, redirectTo: paths.familyList } as const;
              return {
                element: (
                  <LoginScreen {...screen} title="auth.adminTitle" subtitle="auth.adminSubtitle" dark />
                ),
              };
            },
          },
          {
            path: paths.catalogLogin,
            handle: handle('auth.catalogTitle'),
            lazy: async () => {
              const { LoginScreen } = await import('../features/auth/login-screen');
              const screen = { apiPath: apiPaths.userLogin, redirectTo: paths.catalogFamily } as const;
              return {
                element: (
                  <LoginScreen {...screen} title="auth.catalogTitle" subtitle="auth.catalogSubtitle" />
                ),
              };
            },
          },
          {
            element: <SessionGuard scope="user" />,
            children: [
              {
                lazy: async () => ({
                  Component: (await import('../features/catalog/catalog-layout')).CatalogLayout,
                }),
                children: [
                  {
                    path: paths.catalogFamily,
                    handle: handle('pages.familyChooser'),
                    lazy: async () => ({
                      Component: (await import('../features/catalog/family-chooser-page')).FamilyChooserPage,
                    }),
                  },
                  {
                    path: paths.catalogMain,
                    handle: handle('pages.catalogMain'),
                    lazy: async () => ({
                      Component: (await import('../features/catalog/catalog-main-page')).CatalogMainPage,
                    }),
                  },
                  {
                    path: paths.catalogProduct(':id'),
                    handle: handle('pages.product'),
                    lazy: async () => ({
                      Component: (await import('../features/catalog/product-page')).ProductPage,
                    }),
                  },
                ],
              },
            ],
          },
          {
            path: paths.admin,
            element: <SessionGuard scope="admin" />,
            children: [
              {
                lazy: async () => ({ Component: (await import('../features/admin/admin-shell')).AdminShell }),
                children: [
                  { index: true, element: <Navigate to={paths.familyList} replace /> },
                  adminPage(
                    paths.familyList,
                    'pages.familyList',
                    async () => (await import('../features/admin/families/family-list-page')).FamilyListPage,
                  ),
                  adminPage(
                    paths.familyCreate,
                    'pages.familyCreate',
                    async () => (await import('../features/admin/families/family-form-page')).FamilyFormPage,
                  ),
                  adminPage(
                    paths.familyEdit(':id'),
                    'pages.familyEdit',
                    async () => (await import('../features/admin/families/family-form-page')).FamilyFormPage,
                  ),
                  adminPage(
                    paths.categoryList,
                    'pages.categoryList',
                    async () =>
                      (await import('../features/admin/categories/category-list-page')).CategoryListPage,
                  ),
                  adminPage(
                    paths.categoryCreate,
                    'pages.categoryCreate',
                    async () =>
                      (await import('../features/admin/categories/category-form-page')).CategoryFormPage,
                  ),
                  adminPage(
                    paths.categoryEdit(':id'),
                    'pages.categoryEdit',
                    async () =>
                      (await import('../features/admin/categories/category-form-page')).CategoryFormPage,
                  ),
                  adminPage(
                    paths.productList,
                    'pages.productList',
                    async () =>
                      (await import('../features/admin/products/product-list-page')).ProductListPage,
                  ),
                  adminPage(
                    paths.productCreate,
                    'pages.productCreate',
                    async () =>
                      (await import('../features/admin/products/product-form-page')).ProductFormPage,
                  ),
                  adminPage(
                    paths.productEdit(':id'),
                    'pages.productEdit',
                    async () =>
                      (await import('../features/admin/products/product-form-page')).ProductFormPage,
                  ),
                  adminPage(
                    paths.userList,
                    'pages.userList',
                    async () => (await import('../features/admin/users/user-list-page')).UserListPage,
                  ),
                  adminPage(
                    paths.userCreate,
                    'pages.userCreate',
                    async () => (await import('../features/admin/users/user-form-page')).UserFormPage,
                  ),
                  adminPage(
                    paths.userEdit(':id'),
                    'pages.userEdit',
                    async () => (await import('../features/admin/users/user-form-page')).UserFormPage,
                  ),
                  adminPage(
                    paths.uploadAll,
                    'pages.uploadAll',
                    async () => (await import('../features/admin/upload/upload-all-page')).UploadAllPage,
                  ),
                  adminPage(
                    paths.uploadCategories,
                    'pages.uploadCategories',
                    async () =>
                      (await import('../features/admin/upload/upload-categories-page')).UploadCategoriesPage,
                  ),
                  adminPage(
                    paths.uploadProducts,
                    'pages.uploadProducts',
                    async () =>
                      (await import('../features/admin/upload/upload-products-page')).UploadProductsPage,
                  ),
                ],
              },
            ],
          },
          // Spec section 2: any other path redirects to the catalogue login.
          { path: '*', element: <Navigate to={paths.catalogLogin} replace /> },
        ],
      },
    ],
  },
];
