import { describe, expect, it } from 'vitest';
import { COMPACT_ID, compactUuid, expandUuid } from './compact-id';

describe('compact ids', () => {
  it('turns a UUID into 22 characters and back', () => {
    for (let i = 0; i < 1000; i++) {
      const id = crypto.randomUUID();
      const compact = compactUuid(id);
      expect(compact).toMatch(COMPACT_ID);
      expect(expandUuid(compact)).toBe(id);
    }
  });

  it('is base64url of the 16 bytes, so other tools can read it', () => {
    const id = '0f8e2c1a-9b3d-4e5f-8a7b-6c5d4e3f2a1b';
    const bytes = Buffer.from(id.replaceAll('-', ''), 'hex');
    expect(compactUuid(id)).toBe(bytes.toString('base64url'));
    expect(compactUuid('00000000-0000-0000-0000-000000000000')).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(expandUuid('_____________________w')).toBe('ffffffff-ffff-ffff-ffff-ffffffffffff');
  });

  it('gives upper-case UUIDs back in lower case', () => {
    expect(expandUuid(compactUuid('0F8E2C1A-9B3D-4E5F-8A7B-6C5D4E3F2A1B'))).toBe(
      '0f8e2c1a-9b3d-4e5f-8a7b-6c5d4e3f2a1b',
    );
  });

  it('refuses what is not a UUID or not a compact id', () => {
    expect(() => compactUuid('not-a-uuid')).toThrow();
    expect(() => expandUuid('short')).toThrow();
    // 22 characters, but the last one carries bits a UUID does not have.
    expect(() => expandUuid('AAAAAAAAAAAAAAAAAAAAAB')).toThrow();
  });
});
