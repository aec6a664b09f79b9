import { directionOf, usePreferences } from '../lib/preferences-store';

/** Keeps `dir` and `lang` on <html> in step with the preferences, from before the first render. */
export function syncDocumentWithPreferences(): void {
  const apply = () => {
    const state = usePreferences.getState();
    document.documentElement.dir = directionOf(state);
    document.documentElement.lang = state.language;
  };
  apply();
  usePreferences.subscribe(apply);
}
