import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
// RouterProvider from 'react-router' itself: under Node, 'react-router/dom' loads react-router's
// CommonJS build, a second copy whose router context the app's hooks do not see.
import {
  createMemoryRouter,
  RouterProvider,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { RootLayout } from '../app/root-layout';

/**
 * Renders routes under the real root layout (theme, snackbar, 401 redirect) at `path`; the app's
 * route table adds the admin resources' routes as it does in the browser (`patchAdminRoutes`).
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction,
) {
  const router = createMemoryRouter(
    [{ Component: RootLayout, HydrateFallback: () => null, children: routes }],
    { initialEntries: [path], patchRoutesOnNavigation },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
