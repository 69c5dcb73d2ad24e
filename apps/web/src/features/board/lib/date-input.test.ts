import { formatDate } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { monthName, parseDateInput, readDateInput } from './date-input';

describe('parseDateInput', () => {
  it.each([
    ['de', '24.12.2026', '2026-12-24'],
    ['de', '1.2.2026', '2026-02-01'],
    ['de', ' 05.03.2026 ', '2026-03-05'],
    ['de', '24/12/2026', '2026-12-24'],
    ['en', '24/12/2026', '2026-12-24'],
    ['en', '1/2/2026', '2026-02-01'],
    ['en', '24.12.2026', '2026-12-24'],
    ['es', '24/12/2026', '2026-12-24'],
    ['es', '29-02-2028', '2028-02-29'],
  ] as const)('reads %s %j day first as %s', (lang, text, iso) => {
    expect(parseDateInput(text, lang)).toBe(iso);
  });

  it('reads the stored form in every language', () => {
    for (const lang of ['de', 'en', 'es'] as const)
      expect(parseDateInput('2026-12-24', lang)).toBe('2026-12-24');
  });

  it('reads back what the cells show', () => {
    for (const lang of ['de', 'en', 'es'] as const) {
      expect(parseDateInput(formatDate(new Date(2026, 0, 9), lang), lang)).toBe('2026-01-09');
    }
  });

  it('is null for an empty text', () => {
    expect(parseDateInput('', 'de')).toBeNull();
    expect(parseDateInput('   ', 'en')).toBeNull();
  });

  it.each([
    ['de', '31.02.2026'],
    ['de', '29.02.2027'],
    ['de', '24.13.2026'],
    ['de', '00.12.2026'],
    ['en', '12/24/2026'],
    ['de', '24.12.26'],
    ['de', '24.12.202'],
    ['de', '24.12.20261'],
    ['de', '24.12/2026'],
    ['de', '24.12.'],
    ['es', 'mañana'],
    ['en', '2026-13-01'],
    ['en', '0999-01-01'],
  ] as const)('rejects %s %j instead of reading another day', (lang, text) => {
    expect(parseDateInput(text, lang)).toBeUndefined();
  });

  it.each([
    ['de', '31.02.2026', { problem: 'days', year: 2026, month: 2, days: 28 }],
    ['de', '29.02.2027', { problem: 'days', year: 2027, month: 2, days: 28 }],
    ['en', '31/04/2026', { problem: 'days', year: 2026, month: 4, days: 30 }],
    ['en', '2026-06-31', { problem: 'days', year: 2026, month: 6, days: 30 }],
    ['de', '24.13.2026', { problem: 'month' }],
    ['en', '12/24/2026', { problem: 'month' }],
    ['de', '00.12.2026', { problem: 'month' }],
    ['de', '24.12.26', { problem: 'pattern' }],
    ['es', 'mañana', { problem: 'pattern' }],
    ['en', '0999-01-01', { problem: 'pattern' }],
  ] as const)('says why %s %j is no day', (lang, text, why) => {
    expect(readDateInput(text, lang)).toEqual(why);
  });
});

describe('monthName', () => {
  it('names the month and year as a sentence starts with them', () => {
    expect(monthName(2026, 2, 'de')).toBe('Februar 2026');
    expect(monthName(2026, 2, 'en')).toBe('February 2026');
    expect(monthName(2026, 2, 'es')).toBe('Febrero de 2026');
  });
});
