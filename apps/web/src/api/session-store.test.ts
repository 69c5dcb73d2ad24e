// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getToken,
  loggedOutByUser,
  purgeExpiredSession,
  STORAGE_KEYS,
  saveLogin,
  sessionExpiredAtStart,
} from './session-store';

beforeEach(() => {
  localStorage.clear();
  clearSession();
});

describe('a page opened on a login that ran out', () => {
  it('drops the login and remembers that the session expired, until the next login', () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-1', city: 'Berlin' });
    localStorage.setItem(STORAGE_KEYS.expiresAt, String(Date.now() - 1000));

    purgeExpiredSession();

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.city)).toBeNull();
    expect(sessionExpiredAtStart()).toBe(true);

    saveLogin({ token: 'access-2', refreshToken: 'refresh-2', city: null });
    expect(sessionExpiredAtStart()).toBe(false);
    expect(getToken()).toBe('access-2');
  });

  it('says nothing for a visitor who never logged in, nor for a login still valid', () => {
    purgeExpiredSession();
    expect(sessionExpiredAtStart()).toBe(false);

    saveLogin({ token: 'access-1', refreshToken: 'refresh-1', city: null });
    purgeExpiredSession();
    expect(sessionExpiredAtStart()).toBe(false);
    expect(getToken()).toBe('access-1');
  });

  it('forgets the expiry on a logout (a later visit to a protected page is a plain login)', () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-1', city: null });
    localStorage.setItem(STORAGE_KEYS.expiresAt, String(Date.now() - 1000));
    purgeExpiredSession();
    clearSession();
    expect(sessionExpiredAtStart()).toBe(false);
  });
});

describe('a logout', () => {
  it('is told to other tabs until the next login; a session that ends otherwise is not', () => {
    saveLogin({ token: 'access-1', refreshToken: 'refresh-1', city: null });
    clearSession();
    expect(loggedOutByUser()).toBe(false);

    saveLogin({ token: 'access-2', refreshToken: 'refresh-2', city: null });
    clearSession('logout');
    expect(getToken()).toBeNull();
    expect(loggedOutByUser()).toBe(true);

    saveLogin({ token: 'access-3', refreshToken: 'refresh-3', city: null });
    expect(loggedOutByUser()).toBe(false);
  });
});
