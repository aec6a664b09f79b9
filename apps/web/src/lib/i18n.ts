import { useSyncExternalStore } from 'react';
import { ar } from './locales/ar';
import { en, type MessageKey } from './locales/en';
import { usePreferences, type Language } from './preferences-store';
import { createTranslator, type Dictionary, type PluralBase, type Translate } from './translate';

/** Every key of the English messages, and the bare key of each counted text (`images.chosen`). */
type TranslationKey = MessageKey | PluralBase<MessageKey>;
/** `t`: a text of the current language by key, checked against the English messages. */
export type TFunction = Translate<TranslationKey>;

// Both languages' visitor texts are bundled; English stands in for a text Arabic lacks.
const translator = createTranslator<Language, TranslationKey>({ en, ar }, 'en');

export const i18n = {
  get language(): Language {
    return usePreferences.getState().language;
  },
  /** Texts that load with a later part of the app (the admin area's). */
  addMessages: (language: Language, messages: Dictionary) => translator.addMessages(language, messages),
};

interface Translation {
  t: TFunction;
  i18n: { language: Language };
}

let current: Translation = { t: translator.fixed(i18n.language), i18n: { language: i18n.language } };
/** One object per language and set of texts, so React sees a change only when there is one. */
function snapshot(): Translation {
  const language = usePreferences.getState().language;
  const t = translator.fixed(language);
  if (t !== current.t) current = { t, i18n: { language } };
  return current;
}

function subscribe(listener: () => void): () => void {
  const stopLanguage = usePreferences.subscribe(listener);
  const stopTexts = translator.subscribe(listener);
  return () => {
    stopLanguage();
    stopTexts();
  };
}

/** The current language's `t`; the component renders again when the language changes. */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
