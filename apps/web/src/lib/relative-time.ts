import { type Language, localeOf } from '@solar/shared';

/** The units a relative time is told in, largest first, with their length in seconds. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const formats = new Map<Language, Intl.RelativeTimeFormat>();

function formatOf(lang: Language): Intl.RelativeTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto' });
    formats.set(lang, format);
  }
  return format;
}

/**
 * How long ago `at` was, in the UI language: "jetzt", "vor 5 Minuten", "gestern", "letzte Woche".
 * The largest whole unit is told (90 minutes are "1 hour ago"); a time ahead of `now` (the server's
 * clock a little ahead of the browser's) is "now". An unreadable date is an empty string.
 */
export function formatRelativeTime(at: string | Date, now: Date | number, lang: Language): string {
  const then = new Date(at).getTime();
  const reference = typeof now === 'number' ? now : now.getTime();
  if (Number.isNaN(then) || Number.isNaN(reference)) return '';
  const seconds = Math.min(0, Math.round((then - reference) / 1000));
  const format = formatOf(lang);
  for (const [unit, size] of UNITS) {
    if (-seconds >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/** Date and time in the UI language ("12.03.2026, 14:05"), for the title of a relative time. */
export function formatDateAndTime(at: string | Date, lang: Language): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(lang, format);
  }
  return format.format(date);
}
