// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { extensionOf, formatBytes, nextStages } from './utils';

describe('project view helpers', () => {
  it('formats sizes in the UI language', () => {
    expect(formatBytes(512, 'de')).toBe('512 B');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(20 * 1024 * 1024, 'en')).toBe('20.0 MB');
  });

  it('reads extensions case-insensitively and ignores dot files', () => {
    expect(extensionOf('Angebot.PDF')).toBe('.pdf');
    expect(extensionOf('archive.tar.zip')).toBe('.zip');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('offers only the allowed next stages for the role', () => {
    expect(nextStages('INSTALLER_ADMIN', 'ACQUISITION')).toEqual(['OFFER_PROVIDED']);
    expect(nextStages('INSTALLER_SALES', 'INSTALLER_SIGNED')).toEqual(['OFFER_NOT_ACCEPTED']);
    expect(nextStages('INSTALLER', 'INSTALLER_SIGNED')).toEqual(['PROJECT_REALIZED']);
    expect(nextStages('INSTALLER_ADMIN', 'PROJECT_REALIZED')).toEqual([]);
  });
});
