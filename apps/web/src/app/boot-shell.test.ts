import { FamilySchema, type Family } from '@dalil/contracts/families';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { FAMILY_COVER_SIZES, PRODUCT_IMAGE_SIZES } from '../features/catalog/image-sizes';
import { mediaSrcSet, mediaUrl } from '../lib/media';
import { usePreferences } from '../lib/preferences-store';
import { setToken } from '../lib/session';
import { SHELL_FAMILY_FIELDS, STORAGE_KEYS } from '../lib/storage-keys';
import { mockApi } from '../test/fetch-mock';
import { bootSource, clearBoot, runBoot } from '../test/run-boot';

// public/boot.js runs before the app and reads what the app stored; these tests hold the two together.
const code = bootSource.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');

const family: Family = {
  id: 7,
  name: { ar: 'بساتين', en: 'Orchard Foods' },
  nameAr: 'بساتين',
  nameEn: 'Orchard Foods',
  logo: 'Logo00000001.webp',
  image: null,
  cover: 'Cover0000001.webp',
  requireValidGtin: false,
  status: 'published',
  publishAt: null,
};

describe('first-paint shell (public/boot.js)', () => {
  beforeEach(() => {
    // A returning visitor's session check, which boot.js starts too.
    mockApi({ 'GET /api/user/auth': () => ({ status: 200, body: {} }) });
    document.body.innerHTML =
      '<div id="boot-shell"><div class="bs-cover"></div><div class="bs-logo"></div>' +
      '<p class="bs-family-name"></p><p class="bs-family-other"></p></div>';
  });
  afterEach(() => {
    for (const name of ['lang', 'dir', 'data-mode', 'data-boot', 'data-boot-hero'])
      document.documentElement.removeAttribute(name);
    clearBoot();
    window.history.replaceState(null, '', '/');
  });

  it('reads local storage only through the app’s storage keys', () => {
    expect(code).not.toMatch(/read\(\s*['"]/);
    const used = [...code.matchAll(/\bkeys\.(\w+)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const key of used) expect(Object.keys(STORAGE_KEYS)).toContain(key);
  });

  it('reads only fields of the stored family that a Family has', () => {
    const fields = new Set([...code.matchAll(/\bfamily\.(\w+)/g)].map((m) => m[1]));
    expect([...fields].sort()).toEqual([...SHELL_FAMILY_FIELDS].sort());
    for (const field of SHELL_FAMILY_FIELDS) expect(Object.keys(FamilySchema.shape)).toContain(field);
  });

  it('shows what the app stored: language, direction, colour mode and the chosen family', () => {
    usePreferences.getState().setLanguage('en');
    usePreferences.getState().toggleDirection();
    if (usePreferences.getState().mode === 'light') usePreferences.getState().toggleMode();
    setToken('catalogue-token');
    useCatalogStore.getState().selectFamily(family);
    window.history.replaceState(null, '', '/catalog/main?family=7');

    runBoot();

    const html = document.documentElement;
    expect(html.lang).toBe('en');
    expect(html.dir).toBe('rtl');
    expect(html.getAttribute('data-mode')).toBe('dark');
    expect(html.getAttribute('data-boot')).toBe('catalog');
    expect(html).toHaveAttribute('data-boot-hero');
    expect(document.querySelector('.bs-family-name')).toHaveTextContent('Orchard Foods');
    expect(document.querySelector('.bs-family-other')).toHaveTextContent('بساتين');
    // The app's own address for the file, so the app's <img> finds it already fetched.
    expect(document.querySelector('.bs-cover img')).toHaveAttribute(
      'src',
      mediaUrl('Cover0000001.webp', 640),
    );
  });

  it("puts the page in the address's language over the stored one", () => {
    usePreferences.getState().setLanguage('ar');
    window.history.replaceState(null, '', '/catalog/main/7?lang=en');
    runBoot();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('keeps the language the server answered a first visit in, else Arabic', () => {
    window.localStorage.removeItem(STORAGE_KEYS.language);
    window.localStorage.removeItem(STORAGE_KEYS.direction);
    window.history.replaceState(null, '', '/catalog/main/7');
    document.documentElement.lang = 'en';
    runBoot();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');

    document.documentElement.lang = 'ar';
    runBoot();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('shows no hero when the stored family and the family key disagree', () => {
    setToken('catalogue-token');
    useCatalogStore.getState().selectFamily(family);
    window.localStorage.setItem(STORAGE_KEYS.family, '8');
    window.history.replaceState(null, '', '/catalog/main');

    runBoot();

    expect(document.documentElement.getAttribute('data-boot')).toBe('catalog');
    expect(document.documentElement).not.toHaveAttribute('data-boot-hero');
  });
});

describe('first requests (public/boot.js)', () => {
  const product = { id: 12, family: 7, image: 'Product00001.webp' };
  const guestConfig = (guest: { username: string; password: string } | null) => ({
    status: 200,
    body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest, mediaBaseUrl: 'https://cdn.test/media/' },
  });
  const families = [family, { ...family, id: 8, cover: 'Cover0000002.webp' }];
  const preload = (what: string) => document.head.querySelector(`link[rel="preload"][data-boot="${what}"]`);
  afterEach(() => {
    clearBoot();
    window.history.replaceState(null, '', '/');
  });

  it('asks for a returning visitor’s session and product with the stored token, and preloads its image', async () => {
    const requests = mockApi({
      'GET /api/user/auth': () => ({ status: 200, body: {} }),
      'GET /api/product/12': () => ({ status: 200, body: product }),
    });
    setToken('catalogue-token');
    window.history.replaceState(null, '', '/catalog/main/12');
    document.body.innerHTML = '<div id="boot-shell"><div class="bs-image"></div></div>';

    runBoot();

    await vi.waitFor(() => expect(preload('product')).not.toBeNull());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/user/auth',
      'GET /api/product/12',
    ]);
    for (const request of requests)
      expect(request.headers.get('Authorization')).toBe('Bearer catalogue-token');
    // The product page's <img>: same file, srcset and sizes.
    expect(preload('product')).toHaveAttribute('href', mediaUrl(product.image, 640));
    expect(preload('product')).toHaveAttribute('imagesrcset', mediaSrcSet(product.image));
    expect(preload('product')).toHaveAttribute('imagesizes', PRODUCT_IMAGE_SIZES);
    expect(preload('product')).toHaveAttribute('fetchpriority', 'high');
    // The shell shows it where the page will, until the app renders.
    await vi.waitFor(() => expect(document.documentElement).toHaveAttribute('data-boot-product'));
    const shown = document.querySelector('.bs-image img');
    expect(shown).toHaveAttribute('srcset', mediaSrcSet(product.image));
    expect(shown).toHaveAttribute('sizes', PRODUCT_IMAGE_SIZES);
    expect(window.dalilBootRequests?.map((r) => [r.method, r.url, r.token])).toEqual([
      ['GET', '/api/user/auth', 'catalogue-token'],
      ['GET', '/api/product/12', 'catalogue-token'],
    ]);
  });

  it('signs a first-time visitor in as the guest, then asks for the session and the chooser’s list', async () => {
    const requests = mockApi({
      'GET /api/config': () => guestConfig({ username: 'guest', password: 'guest-password' }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
      'GET /api/user/auth': () => ({ status: 200, body: {} }),
      'GET /api/family': () => ({ status: 200, body: { data: families, count: 2 } }),
    });
    window.history.replaceState(null, '', '/catalog/main');

    runBoot();

    await vi.waitFor(() => expect(preload('cover')).not.toBeNull());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/config',
      'POST /api/user/login',
      'GET /api/user/auth',
      'GET /api/family',
    ]);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[1]?.body).toEqual({ username: 'guest', password: 'guest-password' });
    expect(requests[3]?.headers.get('Authorization')).toBe('Bearer guest-token');
    expect(requests[3]?.query.toString()).toBe('limit=100&skip=0');
    // The first cards' covers, from the media base the config names.
    const covers = [...document.head.querySelectorAll('link[rel="preload"][data-boot="cover"]')];
    expect(covers.map((link) => link.getAttribute('href'))).toEqual([
      'https://cdn.test/media/w640/Cover0000001.webp',
      'https://cdn.test/media/w640/Cover0000002.webp',
    ]);
    expect(preload('cover')).toHaveAttribute('imagesizes', FAMILY_COVER_SIZES);
    // The guest's token is the app's to store, once it has checked the answer.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('asks a first-time visitor’s product with the guest token', async () => {
    const requests = mockApi({
      'GET /api/config': () => guestConfig({ username: 'guest', password: 'guest-password' }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
      'GET /api/user/auth': () => ({ status: 200, body: {} }),
      'GET /api/product/12': () => ({ status: 200, body: product }),
    });
    window.history.replaceState(null, '', '/catalog/main/12');

    runBoot();

    await vi.waitFor(() => expect(preload('product')).not.toBeNull());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/product/12');
    expect(requests.map((r) => `${r.method} ${r.path}`)).not.toContain('GET /api/family');
    expect(preload('product')).toHaveAttribute('href', 'https://cdn.test/media/w640/Product00001.webp');
    // Every width but the largest is its own file; the largest is the stored image, straight from the CDN.
    expect(preload('product')).toHaveAttribute(
      'imagesrcset',
      [
        'https://cdn.test/media/w160/Product00001.webp 160w',
        'https://cdn.test/media/w320/Product00001.webp 320w',
        'https://cdn.test/media/w640/Product00001.webp 640w',
        'https://cdn.test/media/Product00001.webp 1280w',
      ].join(', '),
    );
  });

  it('asks for none of what a server-rendered page carries, and shows no shell over it', async () => {
    const requests = mockApi({
      'GET /api/config': () => guestConfig({ username: 'guest', password: 'guest-password' }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
      'GET /api/user/auth': () => ({ status: 200, body: {} }),
      'GET /api/product/12': () => ({ status: 200, body: product }),
    });
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'page-data';
    carried.textContent = JSON.stringify([[['catalog', 'product', 12], product]]);
    document.head.appendChild(carried);
    document.documentElement.removeAttribute('data-boot');
    try {
      // A first-time visitor: the guest's session, but not the product.
      window.history.replaceState(null, '', '/catalog/main/12');
      runBoot();
      await vi.waitFor(() => expect(requests).toHaveLength(3));
      await Promise.all((window.dalilBootRequests ?? []).map((r) => r.response));
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/config',
        'POST /api/user/login',
        'GET /api/user/auth',
      ]);
      // A returning visitor: the session check only, and no shell over the page's content.
      clearBoot();
      requests.length = 0;
      setToken('catalogue-token');
      runBoot();
      await Promise.all((window.dalilBootRequests ?? []).map((r) => r.response));
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/user/auth']);
      expect(document.documentElement).not.toHaveAttribute('data-boot');
      expect(preload('product')).toBeNull();
    } finally {
      carried.remove();
    }
  });

  it("hides the chooser the server sent to the catalogue's address when this browser chose a family", () => {
    mockApi({ 'GET /api/user/auth': () => ({ status: 200, body: {} }) });
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'page-data';
    carried.textContent = JSON.stringify([[['catalog', 'families'], { data: [family], total: 1 }]]);
    document.head.appendChild(carried);
    document.body.innerHTML =
      '<div id="boot-shell"><div class="bs-cover"></div><div class="bs-logo"></div>' +
      '<p class="bs-family-name"></p><p class="bs-family-other"></p></div>';
    const html = document.documentElement;
    try {
      // A first visit: the chooser stands.
      window.history.replaceState(null, '', '/catalog/main');
      runBoot();
      expect(html).not.toHaveAttribute('data-remembered-family');
      expect(html).not.toHaveAttribute('data-boot');

      // A visitor who chose a family: the chooser is hidden and the shell shows that family's hero.
      clearBoot();
      setToken('catalogue-token');
      useCatalogStore.getState().selectFamily(family);
      runBoot();
      expect(html).toHaveAttribute('data-remembered-family');
      expect(html.getAttribute('data-boot')).toBe('catalog');
      expect(document.querySelector('.bs-family-name')).toHaveTextContent(family.name[html.lang as 'ar']);

      // A link that names a family shows that family: the server rendered it, nothing is hidden.
      clearBoot();
      html.removeAttribute('data-remembered-family');
      html.removeAttribute('data-boot');
      window.history.replaceState(null, '', '/catalog/main?family=7');
      runBoot();
      expect(html).not.toHaveAttribute('data-remembered-family');
      expect(html).not.toHaveAttribute('data-boot');
    } finally {
      carried.remove();
      for (const name of ['data-remembered-family', 'data-boot', 'data-boot-hero'])
        html.removeAttribute(name);
    }
  });

  it('stops after the config when guest access is off, and asks nothing on the admin pages', async () => {
    const requests = mockApi({ 'GET /api/config': () => guestConfig(null) });
    window.history.replaceState(null, '', '/catalog/main');
    runBoot();
    await vi.waitFor(() => expect(window.dalilBootRequests?.[0]?.response).toBeDefined());
    await window.dalilBootRequests?.[0]?.response;
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/config']);

    delete window.dalilBootRequests;
    window.history.replaceState(null, '', '/admin/login');
    runBoot();
    expect(window.dalilBootRequests).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});
