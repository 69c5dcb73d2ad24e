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
});
