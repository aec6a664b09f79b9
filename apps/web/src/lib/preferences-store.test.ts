import { afterEach, describe, expect, it, vi } from 'vitest';

import type { usePreferences } from './preferences-store';

type Store = typeof usePreferences;

/** A first visit: a fresh store (it reads the browser and storage once, when loaded). */
async function firstVisit(
  languages: string[],
  dark = false,
): Promise<{ store: Store; flip: (dark: boolean) => void }> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  const listeners: ((event: { matches: boolean }) => void)[] = [];
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: () => ({
      matches: dark,
      addEventListener: (_: string, l: (typeof listeners)[0]) => listeners.push(l),
    }),
  });
  // Nothing stored yet (the test setup's own store writes its defaults).
  window.localStorage.clear();
  vi.resetModules();
  const { usePreferences } = await import('./preferences-store');
  return { store: usePreferences, flip: (matches) => listeners.forEach((l) => l({ matches })) };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('preferences on a first visit', () => {
  it('start the visitor area in Arabic whatever the browser prefers, on a page the server did not answer in English', async () => {
    const { store } = await firstVisit(['en-GB', 'en']);
    store.getState().enterArea('admin');
    store.getState().enterArea('catalog');
    expect(store.getState().language).toBe('ar');
  });

  it('go on in English on a visitor page the server answered in English', async () => {
    document.documentElement.lang = 'en';
    try {
      const { store } = await firstVisit(['en-GB', 'en']);
      expect(store.getState().language).toBe('en');
      expect(store.getState().directionOverride).toBeNull();
      // The admin area keeps its own first choice.
      store.getState().enterArea('admin');
      expect(store.getState().language).toBe('en');
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('start the admin area in the first of Arabic and English the browser prefers, else English', async () => {
    for (const [languages, expected] of [
      [['ar-SA', 'en-US'], 'ar'],
      [['fr-FR', 'ar', 'en'], 'ar'],
      [['en-US', 'ar'], 'en'],
      [['fr-FR', 'de'], 'en'],
    ] as const) {
      const { store } = await firstVisit([...languages]);
      store.getState().enterArea('admin');
      expect(store.getState().language, languages.join(',')).toBe(expected);
    }
  });

  it('remember a language per area', async () => {
    const { store } = await firstVisit(['ar']);
    const { enterArea, setLanguage } = store.getState();
    enterArea('admin');
    setLanguage('en');
    enterArea('catalog');
    expect(store.getState().language).toBe('ar');
    enterArea('admin');
    expect(store.getState().language).toBe('en');
    expect(window.localStorage.getItem('adminLanguage')).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('ar');
  });

  it("take the address's language on a visitor page, over the stored one", async () => {
    window.history.replaceState(null, '', '/catalog/main/7?lang=en');
    try {
      const { store } = await firstVisit(['ar']);
      expect(store.getState().language).toBe('en');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('tell the server the catalogue language the visitor switched to, in a cookie for a year', async () => {
    const { store } = await firstVisit(['ar']);
    const cookies: string[] = [];
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => void cookies.push(v));
    try {
      store.getState().setLanguage('en');
      expect(cookies).toEqual(['dalil-lang=en; path=/; max-age=31536000; SameSite=Lax']);
      // The admin area's language is its own.
      store.getState().enterArea('admin');
      store.getState().setLanguage('en');
      expect(cookies).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("follow the system's light or dark preference until the person toggles the mode", async () => {
    const { store, flip } = await firstVisit(['ar'], true);
    expect(store.getState().mode).toBe('dark');
    flip(false);
    expect(store.getState().mode).toBe('light');
    store.getState().toggleMode();
    expect(store.getState().mode).toBe('dark');
    flip(false);
    expect(store.getState().mode).toBe('dark');
    expect(window.localStorage.getItem('colourMode')).toBe('dark');
  });
});
