import { describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { profileSubtitleKey } from './profile-subtitle';

describe('the settings page subtitle names what the role finds there', () => {
  it('names the team only for the company admin, who alone sees the team section', () => {
    expect(profileSubtitleKey('INSTALLER_ADMIN')).toBe('profile.subtitle');
    expect(profileSubtitleKey('INSTALLER')).toBe('profile.subtitleMember');
    expect(profileSubtitleKey('INSTALLER_SALES')).toBe('profile.subtitleMember');
    expect(profileSubtitleKey('ADMIN')).toBe('profile.subtitlePersonal');
    expect(profileSubtitleKey('CITY_ADMIN')).toBe('profile.subtitlePersonal');
  });

  it('is written in every language, and the members’ text does not promise a team', () => {
    expect(de.profile.subtitleMember).toBe('Ihre persönlichen Daten und Ihr Unternehmen.');
    expect(en.profile.subtitleMember).toBe('Your personal details and your company.');
    expect(es.profile.subtitleMember).toBe('Sus datos personales y su empresa.');
  });
});
