import { formatNumber, type Language } from '@solar/shared';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** The invitation toast counts the people invited (QA audit: two invited, "Der Benutzer wurde eingeladen"). */
describe('the invitation toast', () => {
  const i18n = createInstance();
  void i18n.init({
    initAsync: false,
    lng: 'de',
    resources: { de: { profile: de }, en: { profile: en }, es: { profile: es } },
  });
  const toast = (lng: Language, count: number) =>
    i18n.t('profile:invite.invited', { lng, count, n: formatNumber(count, lng) });

  it.each([
    ['de', 1, 'Der Benutzer wurde eingeladen'],
    ['de', 2, '2 Benutzer wurden eingeladen'],
    ['de', 1200, '1.200 Benutzer wurden eingeladen'],
    ['en', 1, 'User has been invited'],
    ['en', 2, '2 users have been invited'],
    ['es', 1, 'El usuario ha sido invitado'],
    ['es', 2, 'Se ha invitado a 2 usuarios'],
  ] as const)('%s, %i people: %s', (lng, count, text) => {
    expect(toast(lng, count)).toBe(text);
  });
});
