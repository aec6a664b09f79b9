import { create } from 'zustand';
import { readChoice, writeCookie, writeString } from './storage';
import { STORAGE_KEYS } from './storage-keys';

export type ColourMode = 'light' | 'dark';
export type Language = 'ar' | 'en';
export type Direction = 'ltr' | 'rtl';

export type Area = 'catalog' | 'admin';

const KEYS = {
  mode: STORAGE_KEYS.colourMode,
  direction: STORAGE_KEYS.direction,
} as const;
/** Each area remembers its own language. */
const LANGUAGE_KEYS: Record<Area, string> = {
  catalog: STORAGE_KEYS.language,
  admin: STORAGE_KEYS.adminLanguage,
};

const initialArea = (): Area =>
  typeof location !== 'undefined' && location.pathname.startsWith('/admin') ? 'admin' : 'catalog';

/**
 * The language the server answered this visitor page in (from the browser's Accept-Language; boot.js
 * keeps it on <html> when nothing is stored), read once as the app starts, before the app sets its own.
 */
const servedLanguage: Language | null =
  initialArea() === 'catalog' && typeof document !== 'undefined' && document.documentElement.lang === 'en'
    ? 'en'
    : null;

/**
 * A first visit's language: the catalogue starts in Arabic, unless the server answered the page in
 * English (the app then goes on in the language the visitor already reads); the admin area (whose
 * texts are written in English) follows the browser: Arabic when it comes before English among the
 * preferred languages, else English.
 */
function firstLanguage(area: Area): Language {
  if (area === 'catalog') return servedLanguage ?? 'ar';
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const first = preferred.map((l) => l.toLowerCase().slice(0, 2)).find((l) => l === 'ar' || l === 'en');
  return first === 'ar' ? 'ar' : 'en';
}

/**
 * The cookie that tells the server the catalogue language a visitor last chose, so a visitor page
 * asked for without `?lang=` is answered in it (apps/server/src/modules/pages/page-language.ts).
 */
const LANGUAGE_COOKIE = 'dalil-lang';

/** A visitor page's address may name its language (`?lang=ar`, `?lang=en`): that wins over what was stored. */
function addressLanguage(area: Area): Language | null {
  if (area !== 'catalog' || typeof location === 'undefined') return null;
  const named = new URLSearchParams(location.search).get('lang');
  return named === 'ar' || named === 'en' ? named : null;
}

const rememberedLanguage = (area: Area) =>
  addressLanguage(area) ?? readChoice(LANGUAGE_KEYS[area], ['ar', 'en']) ?? firstLanguage(area);

const darkQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
const systemMode = (): ColourMode => (darkQuery()?.matches ? 'dark' : 'light');
interface PreferencesState {
  mode: ColourMode;
  /** Set once the person toggles the mode; until then it follows the system's preference. */
  modeChosen: boolean;
  area: Area;
  language: Language;
  /** Set only when the user toggles direction; otherwise direction follows the language. */
  directionOverride: Direction | null;
  toggleMode: () => void;
  setLanguage: (language: Language) => void;
  toggleDirection: () => void;
  /** Switches to the area's remembered language (or its first-visit one) when the area changes. */
  enterArea: (area: Area) => void;
}

export function directionOf(state: Pick<PreferencesState, 'language' | 'directionOverride'>): Direction {
  return state.directionOverride ?? (state.language === 'ar' ? 'rtl' : 'ltr');
}

const storedMode = readChoice(KEYS.mode, ['light', 'dark']);

/** The catalogue starts in Arabic, right to left; the colour mode follows the system until toggled. */
export const usePreferences = create<PreferencesState>((set, get) => ({
  mode: storedMode ?? systemMode(),
  modeChosen: storedMode !== null,
  area: initialArea(),
  language: rememberedLanguage(initialArea()),
  // A language named by the address reads its own way round.
  directionOverride: addressLanguage(initialArea()) ? null : readChoice(KEYS.direction, ['ltr', 'rtl']),
  toggleMode: () => set({ mode: get().mode === 'light' ? 'dark' : 'light', modeChosen: true }),
  enterArea: (area) => {
    if (area !== get().area) set({ area, language: rememberedLanguage(area), directionOverride: null });
  },
  // A language change drops a manual direction so the new language reads the right way round.
  setLanguage: (language) => set({ language, directionOverride: null }),
  toggleDirection: () => set({ directionOverride: directionOf(get()) === 'rtl' ? 'ltr' : 'rtl' }),
}));

export function useDirection(): Direction {
  return usePreferences(directionOf);
}

usePreferences.subscribe((state, previous) => {
  if (state.modeChosen) writeString(KEYS.mode, state.mode);
  writeString(LANGUAGE_KEYS[state.area], state.language);
  writeString(KEYS.direction, state.directionOverride);
  // The visitor switched the catalogue's language: the server answers their next page in it.
  if (state.area === 'catalog' && previous.area === 'catalog' && state.language !== previous.language)
    writeCookie(LANGUAGE_COOKIE, state.language, 365);
});

// The system's light/dark preference, followed live until the person picks a mode.
darkQuery()?.addEventListener?.('change', (event) => {
  if (!usePreferences.getState().modeChosen)
    usePreferences.setState({ mode: event.matches ? 'dark' : 'light' });
});
