import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@solar/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLanguage, storeLanguage } from '../api/session-store';

/** Every language we ship, in the order the language switch lists them. */
export const UI_LANGUAGES: readonly Language[] = ['en', 'de', 'es'];

/**
 * Each language's texts in two chunks, so a page downloads only the language it shows and the login only
 * what it uses: the shared `translation` bundle, loaded before the first render, and every feature
 * namespace, loaded with the screens behind the login and the other public pages ({@link loadFeatureTexts}).
 */
const SHARED_TEXTS: Record<Language, () => Promise<object>> = {
  de: async () => (await import('./de.json')).default,
  en: async () => (await import('./en.json')).default,
  es: async () => (await import('./es.json')).default,
};
const FEATURE_TEXTS: Record<Language, () => Promise<Record<string, object>>> = {
  de: async () => (await import('./bundle-de')).bundle,
  en: async () => (await import('./bundle-en')).bundle,
  es: async () => (await import('./bundle-es')).bundle,
};

/** The downloads started, by `language:part`, so a part loads once even when asked for twice at a time. */
const loads = new Map<string, Promise<void>>();

/** Loads one part of a language's texts into i18next. */
function loadPart(language: Language, part: 'shared' | 'features'): Promise<void> {
  const key = `${language}:${part}`;
  let load = loads.get(key);
  if (!load) {
    load = (async () => {
      if (part === 'shared') {
        i18next.addResourceBundle(language, 'translation', await SHARED_TEXTS[language](), true, true);
        return;
      }
      for (const [namespace, texts] of Object.entries(await FEATURE_TEXTS[language]())) {
        i18next.addResourceBundle(language, namespace, texts, true, true);
      }
    })();
    // A failed download (offline, a deploy in between) may be tried again.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** True once a screen needed the feature namespaces: a language switch then loads them too. */
let withFeatureTexts = false;

/** Loads the texts a language needs now: the shared bundle, and the feature namespaces once asked for. */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([
    loadPart(language, 'shared'),
    withFeatureTexts ? loadPart(language, 'features') : undefined,
  ]);
}

/**
 * Loads the feature namespaces of the shown language (and of a language being switched to), before the
 * screens behind the login or a public page other than the login render; later switches load them too.
 */
export async function loadFeatureTexts(): Promise<void> {
  withFeatureTexts = true;
  const languages = new Set([currentLanguage(), initialLanguage()]);
  await Promise.all([...languages].map((language) => loadPart(language, 'features')));
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
      // The defaults, named: i18next then takes every key as a path ('ns:a.b') instead of testing
      // each one against a pattern for a sentence used as a key (none is here): 7 ms of the 33 ms
      // the listing's first rows took in a profile.
      nsSeparator: ':',
      keySeparator: '.',
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
