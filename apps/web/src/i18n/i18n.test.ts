import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { LANGUAGES } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';

import { featureResources } from './namespaces';

// The shared bundle plus every feature namespace, per language.
const bundles: Record<string, unknown> = {
  de: { translation: de, ...featureResources.de },
  en: { translation: en, ...featureResources.en },
  es: { translation: es, ...featureResources.es },
};

/** Flattens a resource tree into `a.b.c -> value`. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
      else out.set(path, value);
    }
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(bundles).map(([lang, tree]) => [lang, flatten(tree)]));

describe('translation resources', () => {
  it('ship every supported language', () => {
    expect(Object.keys(bundles).sort()).toEqual([...LANGUAGES].sort());
  });

  // The shared bundle loads with the login (150 KB budget, decision 0009): the settings' and the
  // meeting booking's texts load with the feature namespaces, which every screen behind the login has.
  it.each([
    ['de', de],
    ['en', en],
    ['es', es],
  ] as const)(
    '%s: the shared bundle leaves the settings and meeting texts to their namespaces',
    (_, shared) => {
      expect(Object.keys(shared)).not.toContain('meeting');
      expect(Object.keys(shared)).not.toContain('profile');
    },
  );

  it.each(Object.keys(bundles))('%s: every key is a non-empty string', (lang) => {
    for (const [key, value] of flat[lang] ?? []) {
      expect(typeof value, `${lang}:${key}`).toBe('string');
      expect(String(value).trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it.each(
    Object.keys(bundles).flatMap((from) =>
      Object.keys(bundles)
        .filter((to) => to !== from)
        .map((to) => [from, to]),
    ),
  )('every key of %s exists in %s', (from, to) => {
    const missing = [...(flat[from]?.keys() ?? [])].filter((key) => !flat[to]?.has(key));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(bundles))('%s: placeholders match the English text', (lang) => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of flat.en ?? []) {
      expect(placeholders(flat[lang]?.get(key)), `${lang}:${key}`).toEqual(placeholders(value));
    }
  });

  // A number written into a text groups its thousands as the app formats numbers: with a dot in
  // German, with a comma otherwise (SPEC §9), so "10,000,000" in a message matches the fields around it.
  const FOREIGN_GROUPING: Record<string, RegExp> = {
    de: /\d,\d{3}(?!\d)/,
    en: /\d\.\d{3}(?!\d)/,
    es: /\d\.\d{3}(?!\d)/,
  };
  it.each(Object.keys(FOREIGN_GROUPING))(
    '%s: numbers in texts group thousands as the language does',
    (lang) => {
      const wrong = [...(flat[lang] ?? [])]
        .filter(([, value]) => FOREIGN_GROUPING[lang]?.test(String(value)))
        .map(([key, value]) => `${key}: ${value}`);
      expect(wrong).toEqual([]);
    },
  );

  // A text that reads like a code identifier ('openProject') looks to the user like a key the
  // translation forgot. Units written in camel case are words, not keys.
  const UNITS = new Set(['kWh', 'kWp']);
  it.each(Object.keys(bundles))('%s: no text reads like an untranslated key', (lang) => {
    const keyLike = [...(flat[lang] ?? [])]
      .filter(([, value]) => /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(String(value)) && !UNITS.has(String(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(keyLike).toEqual([]);
  });

  // A number and its unit are joined by a no-break space (U+00A0), as formatEuro and formatKwp join
  // them: an ordinary space lets a wrapped line leave 'kWh', 'km' or '%' alone on the next.
  const SPACE_BEFORE_UNIT = /\}\} (kWh|kWp|kW|W|km|m²|%|€)(?![\p{L}\d])/u;

  it.each(Object.keys(bundles))('%s: an interpolated number and its unit never part', (lang) => {
    const broken = [...(flat[lang] ?? [])]
      .filter(([, value]) => SPACE_BEFORE_UNIT.test(String(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(broken).toEqual([]);
  });

  // One word for a project's stage in Spanish, as the listing, the dashboard and the board say it:
  // "fase", not "fase" on one screen and "etapa" on the next.
  it('es: a stage is called "fase" everywhere', () => {
    const etapa = [...(flat.es ?? [])]
      .filter(([, value]) => /\betapas?\b/i.test(String(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(etapa).toEqual([]);
  });

  // The interface addresses the user formally: "Sie" in German, "usted" in Spanish.
  const INFORMAL: Record<string, RegExp> = {
    de: /\b(du|dein|deine|deinen|deinem|deiner|dich|dir)\b/i,
    es: /\b(tu|tus|tuya|tuyas|tuyo|tuyos|haz|quieres|puedes|tienes|cópialas|elige|sube|escribe|introduce)\b/i,
  };
  it.each(Object.keys(INFORMAL))('%s: every text addresses the user formally', (lang) => {
    const informal = [...(flat[lang] ?? [])]
      .filter(([, value]) => INFORMAL[lang]?.test(String(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(informal).toEqual([]);
  });

  // A Spanish or English text that reads exactly as the German one is usually a German text nobody
  // translated. Words the languages share (names, brands, plan names, loanwords) are listed; a text
  // of placeholders, symbols and units alone has nothing to translate.
  const BOTH = [
    'Deutsch',
    'English',
    'Español',
    'Solar Project',
    'BETA',
    'Kanban',
    'URL',
    'ID',
    'Escape',
    'Eco',
    'Smart',
    'Green',
    'Free',
    'Premium',
    'Enterprise',
    'Extras',
    'Extras: {{from}} → {{to}}',
    'Wallbox',
  ];
  const SAME_AS_GERMAN: Record<string, ReadonlySet<string>> = {
    es: new Set([...BOTH, 'Rosa']),
    en: new Set([
      ...BOTH,
      'Orange',
      'optional',
      'Dashboard',
      'Pipeline',
      'Team',
      'Status',
      'Name',
      'Filter',
      'Text',
      'Person',
      'Person {{n}}',
      'Rollup',
      'Layout',
      'Problem',
      'Minimum',
      'Maximum',
      'Median',
    ]),
  };
  const NOTHING_TO_TRANSLATE = /^(?:\{\{\s*\w+\s*\}\}|kWh|kWp|KB|MB|km|W|Ctrl|Alt|3D|[^\p{L}])*$/u;

  it.each(Object.keys(SAME_AS_GERMAN))('%s: no text is left in German', (lang) => {
    const german = flat.de ?? new Map<string, unknown>();
    const same = [...(flat[lang] ?? [])]
      .filter(([key, value]) => value === german.get(key))
      .filter(([, value]) => !NOTHING_TO_TRANSLATE.test(String(value)))
      .filter(([, value]) => !SAME_AS_GERMAN[lang]?.has(String(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(same).toEqual([]);
  });

  // A count before a plural word needs a singular form ('1 proyecto', '1 record'), which i18next picks
  // with the `count` option from `key_one`; the key itself is the plural. Where the number is never 1
  // (a cap, a fixed quota) or no noun follows it, the key is listed here.
  const NEVER_ONE = new Set([
    'board.clipboard.working', // shown from 200 pasted cells on
    'board.kanban.more', // "Mostrar {{count}} más": no noun
    'board.presence.more', // "{{count}} más": no noun
    'customerView.reasonCount', // "1 de 500 caracteres": the noun goes with the maximum
    'help.quota.free', // the free plan's 3 files
    'listing.totalsCapped', // "more than" a cap of thousands
    'map.truncated', // the map's cap of thousands
    'map.marker.cluster', // a cluster holds two or more
    'plans.paywall.premiumText', // the free plan's 3 files
    'plans.paywall.freeLimitText', // the free plan's 3 files
  ]);
  const COUNT_BEFORE_PLURAL = /\{\{\s*(?:count|n)\s*\}\}\s+\p{Ll}+s\b/u;

  it.each(['es', 'en'])('%s: a count before a plural word has a singular form', (lang) => {
    const texts = flat[lang] ?? new Map<string, unknown>();
    const missing = [...texts]
      .filter(([key]) => !/_(?:one|many|other)$/.test(key) && !NEVER_ONE.has(key))
      .filter(([key, value]) => COUNT_BEFORE_PLURAL.test(String(value)) && !texts.has(`${key}_one`))
      .map(([key, value]) => `${key}: ${value}`);
    expect(missing).toEqual([]);
  });

  // The singular form is only used when the call passes `count`: `{ n: formatNumber(count) }` alone
  // always shows the plural ('1 proyectos'). A scan of the calls that name a key with a singular form.
  it('a text with a singular form is always given its count', () => {
    const singular = new Set(
      [...(flat.en?.keys() ?? [])].filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -'_one'.length)),
    );
    const hasSingular = (key: string) => {
      if (key.includes(':')) return singular.has(key.replace(':', '.'));
      return [...singular].some((k) => k === `translation.${key}` || k.endsWith(`.${key}`));
    };
    const offences = sourceFiles(resolve(import.meta.dirname, '..')).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(/\bt\w*\(\s*['"]([\w.:-]+)['"]\s*,\s*\{/g)].flatMap((m) => {
        const start = (m.index ?? 0) + m[0].length;
        const options = source.slice(start, source.indexOf('})', start));
        const key = m[1] ?? '';
        // `count` as an option (`count,`, `count: n`), not a variable inside another one's value.
        return hasSingular(key) && !/(?:^|[\s,{])count\s*(?::|,|$)/.test(options.trim())
          ? [`${relative(resolve(import.meta.dirname, '..'), file)}: ${key}`]
          : [];
      });
    });
    expect(offences).toEqual([]);
  });
});

/** The app's source files, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
