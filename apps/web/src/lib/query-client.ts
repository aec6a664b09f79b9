import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { reportError } from './notifications-store';
import { worthReporting } from './server-reach';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

function report(error: unknown, handled: boolean | undefined): void {
  // A 401 already sent the user to the login with its own message.
  if (handled || (isApiError(error) && error.status === 401)) return;
  if (worthReporting(error)) reportError(error);
}

/**
 * Every failed query or mutation shows a snackbar and goes to the console; nothing fails silently.
 * While the server is out of reach, the first failure is reported and the unreachable message
 * (app/server-unreachable.tsx) speaks for the rest.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.handlesErrors) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta?.handlesErrors),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          count < 1 && !(isApiError(error) && error.kind === 'http' && error.status < 500),
      },
    },
  });
}

/**
 * A visitor page rendered by the server carries the API's answers it shows, under this app's keys
 * (docs/decisions/0054-server-rendered-visitor-pages.md): they go in the cache as if just fetched, so
 * the screens show them without asking again.
 */
function takeServedAnswers(client: QueryClient): void {
  const served = document.getElementById('page-data');
  if (!served) return;
  served.remove();
  try {
    for (const [key, data] of JSON.parse(served.textContent ?? '') as [unknown[], unknown][])
      client.setQueryData(key, data);
  } catch {
    // Not what the server writes: the screens ask for their data as without it.
  }
}

let shared: QueryClient | null = null;

/**
 * The app's one client (main.tsx provides it), holding what the page carried. Route modules use it
 * to start their requests while their code is still loading (features/catalog/catalog-prefetch.ts).
 */
export function sharedQueryClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    takeServedAnswers(shared);
  }
  return shared;
}
