import { LANGUAGES, type Language } from '@solar/shared';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next for a component test: the given texts only, in `lng`, with nothing fetched and no
 * fallback (a missing key shows as the key, so a test reading the text notices it).
 */
export async function initTestI18n(lng: Language, resources: Resource): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng,
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
}
