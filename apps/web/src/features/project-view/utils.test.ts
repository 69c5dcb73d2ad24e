// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { canDeleteFile, extensionOf, formatBytes, nextStages } from './utils';

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

  it('lets an INSTALLER delete only their own uploads, the other roles any file of the company', () => {
    const mine = { createdBy: 'u1' };
    const theirs = { createdBy: 'u2' };
    expect(canDeleteFile({ _id: 'u1', role: 'INSTALLER' }, mine)).toBe(true);
    expect(canDeleteFile({ _id: 'u1', role: 'INSTALLER' }, theirs)).toBe(false);
    expect(canDeleteFile({ _id: 'u1', role: 'INSTALLER' }, { createdBy: null })).toBe(false);
    expect(canDeleteFile({ _id: 'u1', role: 'INSTALLER_ADMIN' }, theirs)).toBe(true);
    expect(canDeleteFile({ _id: 'u1', role: 'INSTALLER_SALES' }, theirs)).toBe(true);
  });

  it('offers only the allowed next stages for the role', () => {
    expect(nextStages('INSTALLER_ADMIN', 'ACQUISITION')).toEqual(['OFFER_PROVIDED']);
    expect(nextStages('INSTALLER_SALES', 'INSTALLER_SIGNED')).toEqual(['OFFER_NOT_ACCEPTED']);
    expect(nextStages('INSTALLER', 'INSTALLER_SIGNED')).toEqual(['PROJECT_REALIZED']);
    expect(nextStages('INSTALLER_ADMIN', 'PROJECT_REALIZED')).toEqual([]);
  });
});
