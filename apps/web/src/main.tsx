import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { syncDocumentWithPreferences } from './app/document-sync';
import { sharedQueryClient } from './lib/query-client';
import { appRoutes, patchAdminRoutes } from './app/router';
import { startEarlySessionCheck } from './features/auth/session-api';

syncDocumentWithPreferences();
// The session check does not wait for the route code and the first render (its guard takes it over).
startEarlySessionCheck(window.location.pathname);

const queryClient = sharedQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Evaluating the app's modules is one long task on a slow phone; the router's first navigation
// (which loads the page's route modules) and the first render start in a task of their own, so input
// and paint can run in between (docs/performance.md, "Lighthouse").
setTimeout(() => {
  const router = createBrowserRouter(appRoutes, { patchRoutesOnNavigation: patchAdminRoutes });
  // A transition lets React render the first screen in slices instead of one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}, 0);
