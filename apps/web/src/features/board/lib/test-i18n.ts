import { initTestI18n } from '../../../i18n/testing';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The board's texts in the three languages for a component test, German first. */
export async function initBoardI18n() {
  await initTestI18n('de', { de: { board: de }, en: { board: en }, es: { board: es } });
}
