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

  it.each(LANGUAGES)('%s: the service area is called what Settings calls it', (lang) => {
    // The word before the colon in 'Einsatzgebiet: 80 km um München', and the radius label without '(km)'.
    const area = text(lang, 'profile.company.serviceArea').split(':')[0]?.toLowerCase() ?? '';
    const radius = text(lang, 'profile.company.serviceRadius')
      .replace(/\s*\(km\)$/, '')
      .toLowerCase();
    for (const path of ['map.serviceArea', 'map.emptyHintInstaller', 'notifications.text.new_leads_other']) {
      expect(text(lang, path).toLowerCase(), `${lang}:${path}`).toContain(area);
    }
    expect(text(lang, 'map.emptyHintInstaller').toLowerCase()).toContain(radius);
    // German had a second word for it ('Einzugsgebiet') on the map, in the notifications and the help.
    const other = [...textsOf(bundles[lang], '')].filter(([, value]) =>
      /einzugs(gebiet|radius)/i.test(value),
    );
    expect(other).toEqual([]);
  });
});

/** Every text of a bundle, with its path. */
function* textsOf(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === 'string') yield [path, node];
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) yield* textsOf(child, path ? `${path}.${key}` : key);
  }
}

describe('numbers written into texts', () => {
  it.each(['en', 'es'] as const)(
    '%s: a decimal is written with a point, as the screens format numbers (SPEC §9)',
    (lang) => {
      // '99,91 %' next to '1,920 €' read as 1.92 €: a comma followed by one or two digits is a German decimal.
      const german = [...textsOf(bundles[lang], '')].filter(([, value]) => /\d,\d{1,2}(?!\d)/.test(value));
      expect(german).toEqual([]);
    },
  );

  it.each(LANGUAGES)(
    '%s: an amount of thousands is grouped, as the screens format it (5.000 m² in German)',
    (lang) => {
      // The plan cards wrote '5000 m²' beside '3.000 €' on the same card. An amount is a number with a
      // unit; a postal code in an example (80802) is none.
      const ungrouped = [...textsOf(bundles[lang], '')].filter(([, value]) =>
        /(?<![\d.,])\d{4,}\s*(m²|€|kWh|kWp|km\b|%)/u.test(value),
      );
      expect(ungrouped).toEqual([]);
    },
  );
});

describe('words of the planning files and the forms', () => {
  it.each(LANGUAGES)('%s: the PV simulation files are spelt one way (PV Sol)', (lang) => {
    // The plan cards said "PV SOL", "PVSol" and "PV Sol" one line apart; German joins it with hyphens
    // in compounds (PV-Sol-Dateien), which is still the same spelling.
    const other = [...textsOf(bundles[lang], '')].filter(([, value]) => /PVSol|PV SOL|PV\*SOL/.test(value));
    expect(other).toEqual([]);
  });

  it.each(LANGUAGES)(
    '%s: the login and the forgotten-password form name the e-mail as Settings does',
    (lang) => {
      // English wrote "Email" on the login and "E-mail" on every other form of the portal.
      const settings = text(lang, 'profile.personal.email');
      expect(text(lang, 'translation.auth.email')).toBe(settings);
      expect(text(lang, 'profile.invite.email')).toBe(settings);
      // The household's request form too (its label may add nothing to the word).
      expect(text(lang, 'customer.fields.email')).toBe(settings);
      // And the company admin's address when the platform onboards a company.
      expect(text(lang, 'dashboard.createCompany.email')).toBe(settings);
    },
  );
});

describe('page subtitles', () => {
  // The sentence under each page's title; one of them ended without a full stop.
  const SUBTITLES = [
    'dashboard.subtitle',
    'listing.subtitle',
    'map.subtitle',
    'overview.subtitle',
    'products.subtitle',
    'offers.templates.subtitle',
    'profile.subtitle',
    'planning.subtitleAdmin',
    'planning.subtitleCity',
    'help.intro',
  ];
  it.each(LANGUAGES)('%s: each ends with a full stop', (lang) => {
    const open = SUBTITLES.filter((path) => !text(lang, path).trimEnd().endsWith('.'));
    expect(open).toEqual([]);
  });
});
