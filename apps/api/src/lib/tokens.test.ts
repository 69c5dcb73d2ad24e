import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, again from memory, and refuses them once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ sub: 'user-1', sv: 3, sid: 'family-1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sv: 3, sid: 'family-1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sv: 3, sid: 'family-1' });
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('knows a verified token without checking it again, and forgets it once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ sub: 'user-1', sv: 3, sid: 'family-1' });
    // Never verified here: unknown, so the caller must verify its signature.
    expect(tokens.known(token)).toBeUndefined();
    await tokens.verify(token);
    expect(tokens.known(token)).toMatchObject({ sub: 'user-1', sv: 3, sid: 'family-1' });
    expect(tokens.known(`${token}x`)).toBeUndefined();
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(tokens.known(token)).toBeNull();
    // Forgotten: a second look finds nothing kept, and verifying it again refuses it.
    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.known(token)).toBeUndefined();
  });

  it("refuses a changed token and another secret's token, however often they come", async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ sub: 'user-1', sv: 1, sid: 'family-1' });
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), sv: 2 }),
    ).toString('base64url');
    const forged = `${header}.${raised}.${signature}`;
    const foreign = await new AccessTokens(`${SECRET}-other`, 60).sign({
      sub: 'user-1',
      sv: 1,
      sid: 'family-1',
    });
    for (let i = 0; i < 2; i++) {
      expect(await tokens.verify(forged)).toBeNull();
      expect(await tokens.verify(foreign)).toBeNull();
    }
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sv: 1, sid: 'family-1' });
  });

  it('refuses a token of ours without the login it belongs to (made before tokens named it)', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const key = new TextEncoder().encode(SECRET);
    const old = await new SignJWT({ sv: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(key);
    expect(await tokens.verify(old)).toBeNull();
  });
});
