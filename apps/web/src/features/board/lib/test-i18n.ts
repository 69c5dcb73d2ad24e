import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The board's texts in the three languages for a component test, German first. */
export async function initBoardI18n() {
  await i18next.use(initReactI18next).init({
    lng: 'de',
    resources: { de: { board: de }, en: { board: en }, es: { board: es } },
    supportedLngs: ['de', 'en', 'es'],
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
}
