// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { clearSession, saveLogin } from './session-store';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  clearSession();
  document.documentElement.lang = 'de';
});

describe('a 401 from the API', () => {
  it('ends the session: the call went without a usable token (the login ran out or was cleared)', async () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: null });
    const fetch = vi.fn(async () => json(401, { status: 401, message: 'Bitte melden Sie sich an' }));
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, onSessionEnded });

    await expect(api.put('/user/update/personal-details', { phone: '1' })).rejects.toMatchObject({
      status: 401,
      message: 'Bitte melden Sie sich an',
    });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    // No refresh is tried for a 401: there is no token to renew.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a call sent without a token too (the handler decides whether a session existed)', async () => {
    const fetch = vi.fn(async () => json(401, { status: 401, message: 'Please log in' }));
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, onSessionEnded });

    await expect(api.get('/task/filter')).rejects.toMatchObject({ status: 401 });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone for calls that opt out (a wrong password at the login)', async () => {
    const fetch = vi.fn(async () => json(401, { status: 401, message: 'Invalid email or password' }));
    const onSessionEnded = vi.fn();
    const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, onSessionEnded });

    await expect(
      api.post('/user/installer/login', { email: 'a@b.test', password: 'x' }, { skipRefresh: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('is not caused by other failures', async () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: null });
    const onSessionEnded = vi.fn();
    for (const status of [400, 404, 500]) {
      const fetch = vi.fn(async () => json(status, { status, message: 'x' }));
      const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, onSessionEnded });
      await expect(api.get('/x')).rejects.toMatchObject({ status });
    }
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
