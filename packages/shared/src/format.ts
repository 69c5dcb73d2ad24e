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

/**
 * U+00A0 NO-BREAK SPACE: joins a number and its unit, so a wrapped line never leaves the unit alone
 * on the next ('3.000' / '€'). Browsers, Word and LibreOffice, mail clients and spreadsheets all
 * show it as a space; the number parsers here read it as one.
 */
export const NBSP = '\u00a0';

/** A number's text and its unit, joined by a {@link NBSP no-break space} (`9,60 kWp`). */
export function withUnit(numberText: string, unit: string): string {
  return `${numberText}${NBSP}${unit}`;
}

/**
 * Euro amount in the UI language's number pattern, e.g. `1.920 €` in German, `€1,920` in English;
 * the number and '€' joined by a no-break space ({@link NBSP}).
 */
export function formatEuro(value: number, lang: Language, fractionDigits = 0): string {
  const n = formatNumber(value, lang, fractionDigits);
  return lang === 'en' ? `€${n}` : withUnit(n, '€');
}

/**
 * A system size in kWp as the offer card and the offer PDF show it: whole numbers without decimals,
 * others with two (`10`, `9,60` in German). The PDF's label names the unit.
 */
export function formatKwpNumber(kwp: number, lang: Language): string {
  return formatNumber(kwp, lang, Number.isInteger(kwp) ? 0 : 2);
}

/** A system size in kWp with its unit (`9,60 kWp` in German), joined by a no-break space. */
export function formatKwp(kwp: number, lang: Language): string {
  return withUnit(formatKwpNumber(kwp, lang), 'kWp');
}

/** An energy in kWh with its unit (`9.500 kWh` in German), joined by a no-break space. */
export function formatKwh(kwh: number, lang: Language, fractionDigits = 0): string {
  return withUnit(formatNumber(kwh, lang, fractionDigits), 'kWh');
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

/** The decimal mark of a UI language's numbers: `,` in German, `.` in English and Spanish (SPEC §9). */
export const decimalMarkOf = (lang: Language): ',' | '.' => (lang === 'de' ? ',' : '.');

/**
 * A number typed on the board (a cell, a field, a number filter), read in the UI language's pattern
 * (SPEC §9) by {@link parseLocaleNumber}: `1.234,5` and `3,5` in German, `1,234.5` and `3.5` in English
 * and Spanish; a lone separator that cannot group thousands (`9.6` in German) is the decimal point.
 * A decimal mark at either end, as it is typed on the way to a number (`12,` and `,5` in German), is
 * read too. `''` is no value (null); anything else that is not a number is `undefined` (invalid).
 */
export function parseNumberInput(text: string, lang: Language): number | null | undefined {
  const mark = decimalMarkOf(lang);
  let t = text.replace(/[\s\u00a0]/g, '');
  if (t.length > 1 && t.endsWith(mark) && /\d/.test(t.charAt(t.length - 2))) t = t.slice(0, -1);
  const lead = /^-?/.exec(t)?.[0] ?? '';
  if (t.startsWith(`${lead}${mark}`) && /\d/.test(t.charAt(lead.length + 1))) {
    t = `${lead}0${t.slice(lead.length)}`;
  }
  return parseLocaleNumber(t, lang);
}

/**
 * A stored number as its editor's text: every digit it has (the cells round to two decimals), no
 * thousands grouping and the UI language's decimal mark (`1234,5` in German, `1234.5` otherwise), so
 * that {@link parseNumberInput} reads it back as the same number: an editor opened and left with Enter
 * changes nothing. Grouping is left out as spreadsheets leave it out of their editors: a digit added
 * to a German `1.234` would make `1.2345`, which reads as a decimal.
 */
export function numberInputText(value: number, lang: Language): string {
  return plainDecimal(value).replace('.', decimalMarkOf(lang));
}

/** A finite number's shortest round-trip digits written out without an exponent (`1e-7` is `0.0000001`). */
export function plainDecimal(value: number): string {
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = m;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A mantissa without grouping and a power of ten, as spreadsheets write very large or small numbers. */
const EXPONENT_FORM = /^-?\d+([.,]\d+)?[eE][+-]?\d+$/;

/**
 * A number in text the portal did not type itself: a cell of an imported CSV file, a pasted cell the
 * web could not read (docs/board.md "CSV export and import"). Read in the caller's language first, as
 * {@link parseNumberInput} reads it (`1,234` is 1.234 in German and 1234 in English and Spanish); text
 * that pattern refuses is read in the other language's when that one reads it, which it does only where
 * the text is unambiguous (`1,234.5` or `1,000,000` in German, `1.234,5` in English). Spaces, `€` and
 * `%` are ignored (`12 %` is 12), a mantissa with an exponent (`1,5E+3`) is read in either language.
 * `''` is no value (null); anything else that is not a number is `undefined`.
 */
export function parseNumberText(text: string, lang: Language): number | null | undefined {
  const t = text.replace(/[\s\u00a0€%]/g, '');
  if (t === '') return null;
  if (EXPONENT_FORM.test(t)) {
    const n = Number(t.replace(',', '.'));
    return Number.isFinite(n) ? n : undefined;
  }
  const own = parseNumberInput(t, lang);
  if (own !== undefined) return own;
  return parseNumberInput(t, lang === 'de' ? 'en' : 'de') ?? undefined;
}
