import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { resetReach } from '../lib/server-reach';
import { setToken } from '../lib/session';
import { mockApi, type MockRequest } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { clearBoot, runBoot } from '../test/run-boot';
import { appRoutes } from './router';
import { productFixture } from '../test/catalog-fixtures';

// public/boot.js starts the first screen's requests before the app has loaded; the app takes each
// one over instead of asking again (lib/boot-requests.ts). These journeys run boot.js, then the app.

const rootChildren = appRoutes[0]?.children ?? [];

const family = (id: number, en: string) => ({
  id,
  name: { ar: `شركة ${id}`, en },
  nameAr: `شركة ${id}`,
  nameEn: en,
  logo: null,
  image: null,
  cover: `Cover${id}.webp`,
  requireValidGtin: false,
  status: 'published',
  publishAt: null,
});
const families = [family(1, 'Al Nakheel Foods'), family(2, 'Sahara Drinks')];
const product = productFixture({
  barcode: '6281000000057',
  number: '4411',
  netWeight: '500 (g)',
  unitsPerCarton: 12,
  cartonPerPalate: 40,
  cost: 12,
  image: 'Olives000001.webp',
});
const account = {
  id: 3,
  firstName: 'Guest',
  lastName: 'Visitor',
  username: 'guest',
  role: 'user',
  families: [],
};
const refused = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Session ended' } };

/** A server with guest access (or not) that accepts the guest's token and `valid`. */
function server(options: { guest: boolean; down?: () => boolean }) {
  const signedIn = (request: MockRequest) =>
    ['Bearer guest-token', 'Bearer valid'].includes(request.headers.get('Authorization') ?? '');
  const answer = (ok: { status: number; body?: unknown }) => (request: MockRequest) =>
    signedIn(request) ? ok : refused;
  return mockApi({
    'GET /api/config': () => {
      if (options.down?.()) throw new TypeError('Failed to fetch');
      return {
        status: 200,
        body: {
          holding: { nameAr: 'مجموعة', nameEn: 'Group' },
          guest: options.guest ? { username: 'guest', password: 'guest-password' } : null,
          mediaBaseUrl: '/media',
        },
      };
    },
    'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
    'GET /api/user/auth': answer({ status: 200, body: account }),
    'GET /api/family': answer({ status: 200, body: { data: families, count: 2 } }),
    'GET /api/family/1': answer({ status: 200, body: families[0] }),
    'GET /api/product/5': answer({ status: 200, body: product }),
  });
}

/** Each request as "METHOD /path?query token", in a stable order. */
const sent = (requests: MockRequest[]) =>
  requests
    .map(
      (r) =>
        `${r.method} ${r.path}${r.query.size ? `?${r.query.toString()}` : ''} ${r.headers.get('Authorization') ?? '-'}`,
    )
    .sort();
const times = (lines: string[], line: string) => lines.filter((l) => l === line).length;

/** Opens `path` as a new page would: boot.js first (or not), then the app. */
function open(path: string, withBoot: boolean) {
  window.history.replaceState(null, '', path);
  if (withBoot) runBoot();
  return renderRoutes(rootChildren, path);
}

/** Forgets the page: the next journey starts as a new visit. */
function leave() {
  cleanup();
  clearBoot();
  resetReach();
  window.localStorage.clear();
  useCatalogStore.setState({ selectedFamily: null, lastQuery: '' });
}

afterEach(() => {
  leave();
  window.history.replaceState(null, '', '/');
});

/** The requests of one visit, made with boot.js and without it. */
async function bothWays(visit: (withBoot: boolean) => Promise<MockRequest[]>) {
  const without = sent(await visit(false));
  leave();
  const withBoot = sent(await visit(true));
  // Every one boot.js started was taken over.
  expect(window.dalilBootRequests).toEqual([]);
  return { without, withBoot };
}

describe('the app takes over the requests boot.js started', () => {
  it('a first-time visitor reaches the chooser with the same requests as without boot.js', async () => {
    const { without, withBoot } = await bothWays(async (withBoot) => {
      const requests = server({ guest: true });
      open('/catalog/main', withBoot);
      expect(
        await screen.findByRole('link', { name: 'Open the catalogue of Sahara Drinks' }),
      ).toBeInTheDocument();
      expect(window.localStorage.getItem('token')).toBe('guest-token');
      return requests;
    });
    expect(withBoot).toEqual(without);
    expect(times(withBoot, 'GET /api/config -')).toBe(1);
    expect(times(withBoot, 'POST /api/user/login -')).toBe(1);
    expect(times(withBoot, 'GET /api/family?limit=100&skip=0 Bearer guest-token')).toBe(1);
  });

  it('a returning visitor’s product page uses boot’s session check and product, and its preloaded image', async () => {
    const { without, withBoot } = await bothWays(async (withBoot) => {
      const requests = server({ guest: true });
      setToken('valid');
      open('/catalog/main/5', withBoot);
      expect(await screen.findByRole('heading', { name: 'Green olives' })).toBeInTheDocument();
      return requests;
    });
    expect(withBoot).toEqual(without);
    expect(times(withBoot, 'GET /api/product/5 Bearer valid')).toBe(1);
    expect(times(withBoot, 'GET /api/user/auth Bearer valid')).toBe(1);
    // The page's <img> asks for the file boot.js preloaded.
    const image = screen.getByRole('img', { name: 'Photo of Green olives' });
    const preload = document.head.querySelector('link[rel="preload"][data-boot="product"]');
    expect(preload).toHaveAttribute('imagesrcset', image.getAttribute('srcset'));
    expect(preload).toHaveAttribute('imagesizes', image.getAttribute('sizes'));
    expect(preload).toHaveAttribute('href', image.getAttribute('src'));
  });

  it('a refused token: the app signs in as the guest and asks for the product again, as without boot.js', async () => {
    const { without, withBoot } = await bothWays(async (withBoot) => {
      const requests = server({ guest: true });
      setToken('expired');
      open('/catalog/main/5', withBoot);
      expect(await screen.findByRole('heading', { name: 'Green olives' })).toBeInTheDocument();
      expect(window.localStorage.getItem('token')).toBe('guest-token');
      return requests;
    });
    // boot.js's product request with the refused token is the only extra one; its answer is not used.
    expect(withBoot).toEqual([...without, 'GET /api/product/5 Bearer expired'].sort());
    expect(times(withBoot, 'GET /api/product/5 Bearer guest-token')).toBe(1);
  });

  it('with guest access off, the visitor gets the sign-in form after one config request', async () => {
    const { without, withBoot } = await bothWays(async (withBoot) => {
      const requests = server({ guest: false });
      open('/catalog/main', withBoot);
      expect(await screen.findByRole('textbox', { name: 'Username' })).toBeInTheDocument();
      return requests;
    });
    expect(withBoot).toEqual(without);
    expect(withBoot).toEqual(['GET /api/config -']);
  });

  it('when boot’s config request finds no server, the app asks again and signs in once it answers', async () => {
    let configs = 0;
    const requests = server({ guest: true, down: () => (configs += 1) === 1 });
    open('/catalog/family', true);
    expect(
      await screen.findByRole('link', { name: 'Open the catalogue of Sahara Drinks' }),
    ).toBeInTheDocument();
    expect(times(sent(requests), 'GET /api/config -')).toBe(2);
    expect(times(sent(requests), 'POST /api/user/login -')).toBe(1);
    expect(window.localStorage.getItem('token')).toBe('guest-token');
  });
});
