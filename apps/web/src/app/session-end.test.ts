// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { clearSession, getToken, saveLogin } from '../api/session-store';
import { queryClient } from './query-client';

const navigateToLogin = vi.hoisted(() => vi.fn((_options?: { expired?: boolean }) => Promise.resolve()));
vi.mock('./router', () => ({ navigateToLogin }));

const { endSession } = await import('./session-end');

const user = { user: { _id: 'u1', email: 'a@b.test' }, installerDetails: null };

beforeEach(() => {
  clearSession();
  queryClient.clear();
  navigateToLogin.mockClear();
});
afterEach(() => queryClient.clear());

describe('endSession', () => {
  it('drops the stored session and opens the login with the expired notice', async () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-token-0001', city: null });
    queryClient.setQueryData(queryKeys.currentUser, user);
    endSession();
    expect(getToken()).toBeNull();
    expect(navigateToLogin).toHaveBeenCalledExactlyOnceWith({ expired: true });
    // The cached user stays until the screens are gone (the data layer clears it when it unmounts).
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(user);
  });

  it('ends a login that ran out with the tab open: no token any more, but the user was loaded', () => {
    queryClient.setQueryData(queryKeys.currentUser, user);
    endSession();
    expect(navigateToLogin).toHaveBeenCalledExactlyOnceWith({ expired: true });
  });

  it('navigates once while many screens report the same end', async () => {
    queryClient.setQueryData(queryKeys.currentUser, user);
    endSession();
    endSession();
    endSession();
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
  });

  it('leaves a visitor without a session alone (a 401 on a public page)', () => {
    endSession();
    expect(navigateToLogin).not.toHaveBeenCalled();
  });
});
