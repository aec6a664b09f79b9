import { create } from 'zustand';
import { readChoice, writeString } from './storage';
import { STORAGE_KEYS } from './storage-keys';

export type ColourMode = 'light' | 'dark';
export type Language = 'ar' | 'en';
export type Direction = 'ltr' | 'rtl';

const KEYS = {
  mode: STORAGE_KEYS.colourMode,
  language: STORAGE_KEYS.language,
  direction: STORAGE_KEYS.direction,
} as const;

interface PreferencesState {
  mode: ColourMode;
  language: Language;
  /** Set only when the user toggles direction; otherwise direction follows the language. */
  directionOverride: Direction | null;
  toggleMode: () => void;
  setLanguage: (language: Language) => void;
  toggleDirection: () => void;
}

export function directionOf(state: Pick<PreferencesState, 'language' | 'directionOverride'>): Direction {
  return state.directionOverride ?? (state.language === 'ar' ? 'rtl' : 'ltr');
}

/** The catalogue starts in Arabic, right to left. */
export const usePreferences = create<PreferencesState>((set, get) => ({
  mode: readChoice(KEYS.mode, ['light', 'dark']) ?? 'light',
  language: readChoice(KEYS.language, ['ar', 'en']) ?? 'ar',
  directionOverride: readChoice(KEYS.direction, ['ltr', 'rtl']),
  toggleMode: () => set({ mode: get().mode === 'light' ? 'dark' : 'light' }),
  // A language change drops a manual direction so the new language reads the right way round.
  setLanguage: (language) => set({ language, directionOverride: null }),
  toggleDirection: () => set({ directionOverride: directionOf(get()) === 'rtl' ? 'ltr' : 'rtl' }),
}));

export function useDirection(): Direction {
  return usePreferences(directionOf);
}

usePreferences.subscribe((state) => {
  writeString(KEYS.mode, state.mode);
  writeString(KEYS.language, state.language);
  writeString(KEYS.direction, state.directionOverride);
});
