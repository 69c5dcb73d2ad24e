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
    const token = await tokens.sign({ sub: 'user-1', sv: 3 });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sv: 3 });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sv: 3 });
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses a changed token and another secret's token, however often they come", async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign({ sub: 'user-1', sv: 1 });
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), sv: 2 }),
    ).toString('base64url');
    const forged = `${header}.${raised}.${signature}`;
    const foreign = await new AccessTokens(`${SECRET}-other`, 60).sign({ sub: 'user-1', sv: 1 });
    for (let i = 0; i < 2; i++) {
      expect(await tokens.verify(forged)).toBeNull();
      expect(await tokens.verify(foreign)).toBeNull();
    }
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', sv: 1 });
  });
});
