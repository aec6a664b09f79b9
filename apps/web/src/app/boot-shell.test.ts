import { FamilySchema, type Family } from '@dalil/contracts/families';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { fillBootPlaceholders } from '../lib/boot-placeholders';
import { usePreferences } from '../lib/preferences-store';
import { setToken } from '../lib/session';
import { SHELL_FAMILY_FIELDS, STORAGE_KEYS } from '../lib/storage-keys';

// public/boot.js runs before the app and reads what the app stored; these tests hold the two together.
const source = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'boot.js'), 'utf8');
const code = source.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');

const family: Family = {
  id: 7,
  name: { ar: 'بساتين', en: 'Orchard Foods' },
  nameAr: 'بساتين',
  nameEn: 'Orchard Foods',
  logo: 'Logo00000001.webp',
  image: null,
  cover: 'Cover0000001.webp',
};

/** Runs the shell as the build writes it (no app assets: it only prepares the document). */
function runShell() {
  const script = document.createElement('script');
  script.textContent = fillBootPlaceholders(source, { 'storage-keys': STORAGE_KEYS });
  document.head.appendChild(script);
  script.remove();
}

describe('first-paint shell (public/boot.js)', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<div id="boot-shell"><div class="bs-cover"></div><div class="bs-logo"></div>' +
      '<p class="bs-family-name"></p><p class="bs-family-other"></p></div>';
  });
  afterEach(() => {
    for (const name of ['lang', 'dir', 'data-mode', 'data-boot', 'data-boot-hero'])
      document.documentElement.removeAttribute(name);
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

    runShell();

    const html = document.documentElement;
    expect(html.lang).toBe('en');
    expect(html.dir).toBe('rtl');
    expect(html.getAttribute('data-mode')).toBe('dark');
    expect(html.getAttribute('data-boot')).toBe('catalog');
    expect(html).toHaveAttribute('data-boot-hero');
    expect(document.querySelector('.bs-family-name')).toHaveTextContent('Orchard Foods');
    expect(document.querySelector('.bs-family-other')).toHaveTextContent('بساتين');
    expect(document.querySelector('.bs-cover img')).toHaveAttribute('src', '/media/Cover0000001.webp?w=640');
  });

  it('shows no hero when the stored family and the family key disagree', () => {
    setToken('catalogue-token');
    useCatalogStore.getState().selectFamily(family);
    window.localStorage.setItem(STORAGE_KEYS.family, '8');
    window.history.replaceState(null, '', '/catalog/main');

    runShell();

    expect(document.documentElement.getAttribute('data-boot')).toBe('catalog');
    expect(document.documentElement).not.toHaveAttribute('data-boot-hero');
  });
});
