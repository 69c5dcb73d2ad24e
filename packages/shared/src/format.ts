import type { Language } from './enums';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES' };

/** The Intl locale of a UI language. */
export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

/**
 * Groups thousands with a dot in German and a comma otherwise (SPEC §9). Spanish follows the
 * spec's "otherwise" rule, so it uses the English pattern rather than Intl's es-ES default.
 */
export function formatNumber(value: number, lang: Language, fractionDigits = 0): string {
  return numberFormat(lang === 'de' ? 'de-DE' : 'en-US', fractionDigits).format(value);
}

/** A count that may be capped: "10.000+" when more were found than counted (issue 7). */
export function formatCount(value: number, isCapped: boolean, lang: Language): string {
  return isCapped ? `${formatNumber(value, lang)}+` : formatNumber(value, lang);
}

// Intl formatters are costly to build (tens of microseconds each) and tables format thousands of
// cells: one per locale and pattern, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: 'always',
    });
    numberFormats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** Euro amount in the UI language's number pattern, e.g. `1.920 €` in German, `€1,920` in English. */
export function formatEuro(value: number, lang: Language, fractionDigits = 0): string {
  const n = formatNumber(value, lang, fractionDigits);
  return lang === 'en' ? `€${n}` : `${n} €`;
}

/**
 * A system size in kWp as the offer card and the offer PDF show it: whole numbers without decimals,
 * others with two (`10`, `9,60` in German). The PDF's label names the unit.
 */
export function formatKwpNumber(kwp: number, lang: Language): string {
  return formatNumber(kwp, lang, Number.isInteger(kwp) ? 0 : 2);
}

/** A system size in kWp with its unit (`9,60 kWp` in German). */
export function formatKwp(kwp: number, lang: Language): string {
  return `${formatKwpNumber(kwp, lang)} kWp`;
}

/** Date in the UI language (dd.mm.yyyy in German, dd/mm/yyyy otherwise). */
export function formatDate(value: Date | string, lang: Language): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(lang, format);
  }
  return format.format(d);
}

/**
 * A number typed in a form, read in the UI language's pattern (SPEC §9): `18.450` and `9,6` in
 * German, `18,450` and `9.6` otherwise; spaces and a `€` are ignored. A single separator of the
 * other pattern that cannot be a thousands group (`9.6` in German) is read as the decimal point
 * the user meant. Empty is `null`; anything else that is not a number is `undefined`.
 */
export function parseLocaleNumber(text: string, lang: Language): number | null | undefined {
  const t = text.replace(/[\s\u00a0€]/g, '');
  if (t === '') return null;
  const [group, decimal] = lang === 'de' ? ['.', ','] : [',', '.'];
  const g = `\\${group}`;
  const d = `\\${decimal}`;
  let normal: string | null = null;
  if (new RegExp(`^-?\\d{1,3}(${g}\\d{3})+(${d}\\d+)?$|^-?\\d+(${d}\\d+)?$`).test(t)) {
    normal = t.replaceAll(group, '').replace(decimal, '.');
  } else if (new RegExp(`^-?\\d+${g}(\\d{1,2}|\\d{4,})$`).test(t)) {
    normal = t.replace(group, '.');
  }
  if (normal === null) return undefined;
  const n = Number(normal);
  return Number.isFinite(n) ? n : undefined;
}
