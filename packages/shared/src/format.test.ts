import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatEuro,
  formatKwh,
  formatKwp,
  formatNumber,
  localeOf,
  NBSP,
  parseLocaleNumber,
  parseNumberInput,
  parseNumberText,
  withUnit,
} from './format';
import { canOpenRoute, homeRoute, menuForRole } from './roles';

describe('formatNumber (SPEC §9)', () => {
  it.each([
    ['de', 1920, '1.920'],
    ['en', 1920, '1,920'],
    ['es', 1920, '1,920'],
    ['de', 1234567, '1.234.567'],
  ] as const)('%s %d -> %s', (lang, n, out) => {
    expect(formatNumber(n, lang)).toBe(out);
  });
  it('formats euro per language', () => {
    expect(formatEuro(3600, 'de')).toBe('3.600\u00a0€');
    expect(formatEuro(3600, 'en')).toBe('€3,600');
    expect(formatEuro(3600, 'es')).toBe('3,600\u00a0€');
  });
  it('keeps the requested fraction digits with the language decimal mark', () => {
    expect(formatNumber(1234.5, 'de', 2)).toBe('1.234,50');
    expect(formatNumber(1234.5, 'en', 2)).toBe('1,234.50');
    expect(formatEuro(0.289, 'de', 3)).toBe('0,289\u00a0€');
    expect(formatEuro(0.0811, 'en', 4)).toBe('€0.0811');
    expect(formatNumber(-1920, 'de')).toBe('-1.920');
  });
  it('groups even four-digit numbers (Intl leaves 1920 ungrouped in Spanish by default)', () => {
    expect(formatNumber(1920, 'es')).toBe('1,920');
  });
});

describe('formatKwp', () => {
  // The stored capacity is kWp already (the upload form's unit): shown as it is, never divided again.
  it.each([
    ['de', 9.6, '9,60\u00a0kWp'],
    ['en', 9.24, '9.24\u00a0kWp'],
    ['es', 9.6, '9.60\u00a0kWp'],
    ['de', 10, '10\u00a0kWp'],
    ['en', 1250, '1,250\u00a0kWp'],
  ] as const)('%s %d -> %s', (lang, kwp, out) => {
    expect(formatKwp(kwp, lang)).toBe(out);
  });
});

describe('a number and its unit never part at the end of a line', () => {
  // An ordinary space lets a wrapped line leave '€' or 'kWp' alone on the next; U+00A0 does not.
  const LANGS = ['de', 'en', 'es'] as const;
  const VALUES = [0, 7, 9.6, 1920, 23456.78, 1234567, -3.5];
  const FORMATTERS: Record<string, (value: number, lang: (typeof LANGS)[number]) => string> = {
    formatEuro: (v, lang) => formatEuro(v, lang),
    'formatEuro with cents': (v, lang) => formatEuro(v, lang, 2),
    formatKwp,
    formatKwh: (v, lang) => formatKwh(v, lang),
    'formatKwh with a decimal': (v, lang) => formatKwh(v, lang, 1),
    withUnit: (v, lang) => withUnit(formatNumber(v, lang), '%'),
  };
  it.each(Object.keys(FORMATTERS))('%s joins number and unit by a no-break space', (name) => {
    const format = FORMATTERS[name] as (typeof FORMATTERS)[string];
    for (const lang of LANGS) {
      for (const value of VALUES) {
        const text = format(value, lang);
        expect(text, `${name}(${value}, ${lang})`).not.toContain(' ');
        // English writes '€1,920' with no space at all; every other unit follows its number.
        if (!(name.startsWith('formatEuro') && lang === 'en')) {
          expect(text, `${name}(${value}, ${lang})`).toMatch(/\d\u00a0\S+$/);
        }
      }
    }
  });
  it('spells the no-break space as U+00A0', () => {
    expect(NBSP).toBe('\u00a0');
    expect(formatKwh(9500, 'de')).toBe('9.500\u00a0kWh');
    expect(formatKwh(12.5, 'en', 1)).toBe('12.5\u00a0kWh');
    expect(withUnit('33,3', '%')).toBe('33,3\u00a0%');
  });
});

describe('parseLocaleNumber (SPEC §9)', () => {
  it.each([
    ['18.450', 'de', 18450],
    ['9,6', 'de', 9.6],
    ['1.234.567,89', 'de', 1234567.89],
    ['18450', 'de', 18450],
    ['12 €', 'de', 12],
    ['9.6', 'de', 9.6],
    ['18,450', 'en', 18450],
    ['9.6', 'en', 9.6],
    ['1,234,567.89', 'es', 1234567.89],
    ['9,6', 'en', 9.6],
    ['-3,5', 'de', -3.5],
  ] as const)('%s in %s is %d', (text, lang, expected) => {
    expect(parseLocaleNumber(text, lang)).toBe(expected);
  });
  it('says empty is no value and rejects what is not a number', () => {
    expect(parseLocaleNumber('  ', 'de')).toBeNull();
    for (const bad of ['abc', '1.2.3,4,5', '12,34,5', '1..2', '9,6,', 'Infinity']) {
      expect(parseLocaleNumber(bad, 'de'), bad).toBeUndefined();
    }
  });
});

describe("parseNumberText: a CSV or pasted cell in the caller's language, else unambiguous", () => {
  it.each([
    // Ambiguous: the caller's language decides.
    ['1.234', 'de', 1234],
    ['1,234', 'de', 1.234],
    ['1.234', 'en', 1.234],
    ['1,234', 'en', 1234],
    ['1.234', 'es', 1.234],
    ['1,234', 'es', 1234],
    ['1.234,5', 'de', 1234.5],
    ['1,234.5', 'en', 1234.5],
    ['1,234.5', 'es', 1234.5],
    // Unambiguous in the other language's form: read in either.
    ['1,234.5', 'de', 1234.5],
    ['1.234,5', 'en', 1234.5],
    ['1.234,5', 'es', 1234.5],
    ['1,000,000', 'de', 1_000_000],
    ['1.000.000', 'en', 1_000_000],
    ['9.6', 'de', 9.6],
    ['3,5', 'en', 3.5],
    ['3,5', 'de', 3.5],
    ['1234,5', 'en', 1234.5],
    ['12 €', 'de', 12],
    ['€1,234.50', 'en', 1234.5],
    ['12 %', 'es', 12],
    ['-2', 'en', -2],
    ['1 234,5', 'de', 1234.5],
    // A decimal mark at either end, and exponents as spreadsheets write them.
    ['12.', 'de', 12],
    ['.5', 'de', 0.5],
    [',5', 'en', 0.5],
    ['1e+21', 'de', 1e21],
    ['1,5E-7', 'de', 1.5e-7],
    ['1.5e-7', 'en', 1.5e-7],
  ] as const)('%s in %s is %d', (text, lang, expected) => {
    expect(parseNumberText(text, lang)).toBe(expected);
  });

  it('says empty is no value and rejects what no language reads', () => {
    expect(parseNumberText(' ', 'de')).toBeNull();
    for (const lang of ['de', 'en', 'es'] as const) {
      for (const bad of ['abc', '1.2.3', '12,34,5', '1,2.3,4', '1..2', '1e', 'Infinity', '0x10']) {
        expect(parseNumberText(bad, lang), `${lang} ${bad}`).toBeUndefined();
      }
    }
  });

  it("reads every text the caller's language reads as parseNumberInput does (the web and the server agree)", () => {
    const texts = ['1.234', '1,234', '1.234,5', '1,234.5', '3,5', '9.6', '12,', ',5', '-,5', '1 000', '42'];
    for (const lang of ['de', 'en', 'es'] as const) {
      for (const text of texts) {
        const typed = parseNumberInput(text, lang);
        if (typed !== undefined) expect(parseNumberText(text, lang), `${lang} ${text}`).toBe(typed);
      }
    }
  });
});

describe('formatDate (SPEC §9)', () => {
  const d = new Date(Date.UTC(2026, 10, 24, 12));
  it.each([
    ['de', '24.11.2026'],
    ['en', '24/11/2026'],
    ['es', '24/11/2026'],
  ] as const)('%s -> %s', (lang, out) => {
    expect(formatDate(d, lang)).toBe(out);
    expect(formatDate(d.toISOString(), lang)).toBe(out);
  });
  it('maps each language to its Intl locale', () => {
    expect([localeOf('de'), localeOf('en'), localeOf('es')]).toEqual(['de-DE', 'en-GB', 'es-ES']);
  });
});

describe('menuForRole (SPEC §6)', () => {
  it.each([
    ['ADMIN', false, ['dashboard', 'listing', 'mapview', 'overview', 'data', '3D']],
    ['CITY_ADMIN', false, ['listing', 'mapview', 'data', '3D']],
    ['CITY_ADMIN', true, ['listing', 'mapview', 'data', '3D']],
    ['INSTALLER_ADMIN', true, ['listing', 'mapview', 'overview', 'product', 'profile', 'projects', 'tasks']],
    ['INSTALLER', true, ['listing', 'mapview', 'overview', 'product', 'profile', 'projects', 'tasks']],
    ['INSTALLER_SALES', true, ['listing', 'mapview', 'overview', 'product', 'profile', 'projects', 'tasks']],
    ['INSTALLER', false, ['listing', 'mapview', 'overview']],
  ] as const)('%s (installer details: %s)', (role, hasInstallerDetails, expected) => {
    expect(menuForRole({ role, hasInstallerDetails })).toEqual(expected);
  });
  it('sends CITY_ADMIN home to the listing and everyone else to the dashboard', () => {
    expect(homeRoute('CITY_ADMIN')).toBe('/listing');
    expect(homeRoute('INSTALLER')).toBe('/dashboard');
    expect(homeRoute('ADMIN')).toBe('/dashboard');
  });
});

describe('canOpenRoute', () => {
  it('opens settings, the project view and the home route for everyone, and the product screen for ADMIN', () => {
    expect(canOpenRoute({ role: 'INSTALLER', hasInstallerDetails: true }, 'dashboard')).toBe(true);
    expect(canOpenRoute({ role: 'CITY_ADMIN', hasInstallerDetails: false }, 'dashboard')).toBe(false);
    expect(canOpenRoute({ role: 'CITY_ADMIN', hasInstallerDetails: false }, 'overview')).toBe(false);
    expect(canOpenRoute({ role: 'CITY_ADMIN', hasInstallerDetails: false }, 'projectview')).toBe(true);
    expect(canOpenRoute({ role: 'ADMIN', hasInstallerDetails: false }, 'product')).toBe(true);
    expect(canOpenRoute({ role: 'ADMIN', hasInstallerDetails: false }, 'projects')).toBe(false);
  });
});
