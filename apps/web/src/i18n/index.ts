import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@solar/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, storeLanguage } from '../api/session-store';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import { featureResources } from './namespaces';

/** Every language we ship, in the order the language switch lists them. */
export const UI_LANGUAGES: readonly Language[] = ['en', 'de', 'es'];

export const resources = {
  de: { translation: de, ...featureResources.de },
  en: { translation: en, ...featureResources.en },
  es: { translation: es, ...featureResources.es },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else German (SPEC §1). */
export function initialLanguage(): Language {
  const stored = getStoredLanguage();
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

i18next.on('languageChanged', applyDocumentLanguage);

/** Starts i18next synchronously with the bundled resources. */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: initialLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      initAsync: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
    });
  }
  applyDocumentLanguage(i18next.language);
  return i18next;
}

/** The current UI language as a {@link Language}. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers it in localStorage `preferredLanguage`. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}
