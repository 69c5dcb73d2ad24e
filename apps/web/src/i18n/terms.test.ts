import { LANGUAGES, type Language } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import { featureResources } from './namespaces';

// One thing, one name on every screen: a reader who meets two words wonders whether they differ.
const bundles: Record<Language, Record<string, unknown>> = {
  de: { translation: de, ...featureResources.de },
  en: { translation: en, ...featureResources.en },
  es: { translation: es, ...featureResources.es },
};

/** The text at `namespace.key.path` in `lang`. */
function text(lang: Language, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], bundles[lang]);
  expect(typeof value, `${lang}:${path}`).toBe('string');
  return value as string;
}

describe('terms used across the screens', () => {
  it.each(LANGUAGES)("%s: the quote's city has the same label on every screen", (lang) => {
    const labels = [
      'listing.filters.city',
      'listing.columns.city',
      'planning.filters.city',
      'planning.columns.city',
      'board.fixedColumns.city',
      'customer.fields.city',
      'map.popup.city',
    ].map((path) => text(lang, path));
    expect(new Set(labels)).toEqual(new Set([labels[0]]));
    expect(text(lang, 'listing.filters.noCity')).toBe(text(lang, 'planning.filters.noCity'));
  });

  it.each(LANGUAGES)('%s: the texts pointing to the project listing call it by its menu name', (lang) => {
    const menuName = text(lang, 'translation.nav.listing').toLowerCase();
    for (const path of [
      'translation.header.showAll',
      'dashboard.showInListing',
      'dashboard.toListing',
      'dashboard.noCompanyText',
      'overview.toListing',
      'projectView.notFound.back',
    ]) {
      expect(text(lang, path).toLowerCase(), `${lang}:${path}`).toContain(menuName);
    }
  });
});
