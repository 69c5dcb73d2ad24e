import { describe, expect, it } from 'vitest';
import { formatDateAndTime, formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-12T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    ['de', 0, 'jetzt'],
    ['de', 59, 'jetzt'],
    ['de', 5 * MIN, 'vor 5 Minuten'],
    ['de', 90 * MIN, 'vor 1 Stunde'],
    ['de', 3 * HOUR, 'vor 3 Stunden'],
    ['de', DAY, 'gestern'],
    ['de', 3 * DAY, 'vor 3 Tagen'],
    ['de', 8 * DAY, 'letzte Woche'],
    ['de', 65 * DAY, 'vor 2 Monaten'],
    ['de', 400 * DAY, 'letztes Jahr'],
    ['en', 30, 'now'],
    ['en', 5 * MIN, '5 minutes ago'],
    ['en', 1 * MIN, '1 minute ago'],
    ['en', 2 * DAY, '2 days ago'],
    ['es', 5 * MIN, 'hace 5 minutos'],
    ['es', DAY, 'ayer'],
  ] as const)('%s: %i seconds ago is "%s"', (lang, seconds, text) => {
    expect(formatRelativeTime(ago(seconds), NOW, lang)).toBe(text);
  });

  it('tells a time a little ahead of the browser clock as now', () => {
    expect(formatRelativeTime(ago(-120), NOW, 'en')).toBe('now');
  });

  it('takes a Date too, and leaves an unreadable date empty', () => {
    expect(formatRelativeTime(new Date(NOW - 5 * MIN * 1000), new Date(NOW), 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime('not a date', NOW, 'en')).toBe('');
  });
});

describe('formatDateAndTime', () => {
  it('writes date and time in the UI language', () => {
    expect(formatDateAndTime('2026-03-12T12:00:00.000Z', 'de')).toMatch(/12\.03\.2026/);
    expect(formatDateAndTime('nope', 'de')).toBe('');
  });
});
