import type { Family } from '@dalil/contracts/families';

/**
 * Every local storage key the app uses. The first-paint shell (public/boot.js) reads some of them
 * before the app has loaded: the build and the dev server write this table into boot.js in place of
 * its storage-keys placeholder (vite.config.ts), so the two cannot drift apart
 * (docs/architecture.md, "First-paint shell"). Only type imports here: vite.config.ts loads this
 * file with Node, which cannot run the contracts' TypeScript.
 */
export const STORAGE_KEYS = {
  /** The session token; the literal "null" counts as signed out. */
  token: 'token',
  /** The catalogue's language; the admin area keeps its own under adminLanguage. */
  language: 'language',
  adminLanguage: 'adminLanguage',
  /** Set only when the direction was toggled by hand. */
  direction: 'direction',
  colourMode: 'colourMode',
  /** The chosen family's id, mirrored next to the whole record below; both must agree. */
  family: 'family',
  /** The chosen family as the API gave it (a Family), shown by the shell's hero. */
  selectedFamily: 'selectedFamily',
  /** The catalogue query string last shown for the chosen family. */
  catalogQuery: 'catalogQuery',
} as const;

/** The stored family's fields the shell reads (id, both names, images), all part of a Family. */
export const SHELL_FAMILY_FIELDS = [
  'id',
  'name',
  'logo',
  'image',
  'cover',
] as const satisfies readonly (keyof Family)[];
