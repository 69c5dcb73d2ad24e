import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@solar/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, storeLanguage } from '../api/session-store';

/** Every language we ship, in the order the language switch lists them. */
export const UI_LANGUAGES: readonly Language[] = ['en', 'de', 'es'];

/** Each language's texts in a chunk of their own: a page downloads only the language it shows. */
const BUNDLES: Record<Language, () => Promise<Record<string, object>>> = {
  de: async () => (await import('./bundle-de')).bundle,
  en: async () => (await import('./bundle-en')).bundle,
  es: async () => (await import('./bundle-es')).bundle,
};

/** Loads a language's texts into i18next once. */
async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const bundle = await BUNDLES[language]();
  for (const [namespace, texts] of Object.entries(bundle)) {
    i18next.addResourceBundle(language, namespace, texts, true, true);
  }
}

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

/** Starts i18next with the texts of the stored language (the first render waits for them). */
export async function initI18n(): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    const language = initialLanguage();
    await i18next.use(initReactI18next).init({
      resources: {},
      partialBundledLanguages: true,
      lng: language,
      // Every key exists in every language (i18n.test.ts), so no second language is downloaded.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      initAsync: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
    });
    await loadLanguage(language);
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
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}
