// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from './auth';
import { getRefreshToken, getToken, loggedOutByUser, saveLogin } from './session-store';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('drops the stored session before the API ends the login, so no request of the tab can report it expired', async () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: null });
    const seen: { path: string; body: unknown; token: string | null; loggedOut: boolean }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        seen.push({
          path: new URL(String(input), 'http://portal.test').pathname,
          body: JSON.parse(String(init.body)),
          token: getToken(),
          loggedOut: loggedOutByUser(),
        });
        return new Response(JSON.stringify({ data: { message: 'ok' } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const clear = vi.fn();
    await logout({ clear });
    expect(seen).toEqual([
      {
        path: '/api/user/logout',
        body: { refresh_token: 'refresh-token-0001' },
        token: null,
        loggedOut: true,
      },
    ]);
    expect(getRefreshToken()).toBeNull();
    expect(clear).toHaveBeenCalledOnce();
  });
});
