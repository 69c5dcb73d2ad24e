import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import { profileSubtitleKey } from './profile-subtitle';

describe('the settings page subtitle names what the role finds there', () => {
  it('names the team only for the company admin, who alone sees the team section', () => {
    expect(profileSubtitleKey('INSTALLER_ADMIN')).toBe('subtitle');
    expect(profileSubtitleKey('INSTALLER')).toBe('subtitleMember');
    expect(profileSubtitleKey('INSTALLER_SALES')).toBe('subtitleMember');
    expect(profileSubtitleKey('ADMIN')).toBe('subtitlePersonal');
    expect(profileSubtitleKey('CITY_ADMIN')).toBe('subtitlePersonal');
  });

  it('is written in every language, and the members’ text does not promise a team', () => {
    expect(de.subtitleMember).toBe('Ihre persönlichen Daten und Ihr Unternehmen.');
    expect(en.subtitleMember).toBe('Your personal details and your company.');
    expect(es.subtitleMember).toBe('Sus datos personales y su empresa.');
  });
});
