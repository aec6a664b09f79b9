import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './locales/ar';
import { en, type Messages } from './locales/en';
import { usePreferences } from './preferences-store';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

// Resources are bundled (both languages are small), so initialisation is synchronous.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: usePreferences.getState().language,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

usePreferences.subscribe((state, previous) => {
  if (state.language !== previous.language) void i18n.changeLanguage(state.language);
});

export { i18n };
